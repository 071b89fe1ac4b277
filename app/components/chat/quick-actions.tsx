import { Form, useNavigation } from "@remix-run/react";
import { QUICK_ACTION_KEYS, QUICK_ACTIONS } from "~/modules/completions/quick-actions";

/** The chips (docs/product.md §5): each is a form of its own, so it works without JavaScript. */
export function QuickActions({ requestId, disabled }: { requestId: string; disabled: boolean }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label="Quick actions">
      {QUICK_ACTION_KEYS.map((key) => (
        <li key={key}>
          <Form method="post">
            <input type="hidden" name="intent" value="quick-action" />
            <input type="hidden" name="action" value={key} />
            <input type="hidden" name="requestId" value={requestId} />
            <button
              type="submit"
              disabled={disabled || submitting}
              className="rounded-full border border-zinc-700 px-3 py-1.5 text-xs text-zinc-300 hover:border-brand-light hover:text-white disabled:opacity-50"
            >
              {QUICK_ACTIONS[key].label}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
