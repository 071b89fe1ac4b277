import { Form, useNavigation } from "@remix-run/react";
import { QUICK_ACTION_KEYS } from "~/modules/completions/quick-actions";
import { useTranslation } from "react-i18next";

/**
 * The chips (docs/product.md §5): each is a form of its own, so it works without JavaScript. Under the message box they stay
 * on one line that scrolls sideways on a small screen; on the empty screen (`wrap`) they wrap.
 */
export function QuickActions({
  requestId,
  disabled,
  postTo,
  wrap = false,
}: {
  requestId: string;
  disabled: boolean;
  /** Where the chips' forms post; by default the page's own route. */
  postTo?: string;
  wrap?: boolean;
}) {
  const { t } = useTranslation("chat");
  const submitting = useNavigation().state === "submitting";
  const inactive = disabled || submitting;
  return (
    <ul
      // On a phone the row scrolls sideways; while its chips are disabled (a reply is being written) it has no
      // tab stop of its own to scroll it from the keyboard, so the row takes one.
      tabIndex={!wrap && inactive ? 0 : undefined}
      className={`flex gap-2 ${
        wrap
          ? "flex-wrap justify-center"
          : "-mx-3 overflow-x-auto px-3 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0"
      }`}
      aria-label={t("quickActions.label")}
    >
      {QUICK_ACTION_KEYS.map((key) => (
        <li key={key} className="shrink-0">
          <Form method="post" action={postTo}>
            <input type="hidden" name="intent" value="quick-action" />
            <input type="hidden" name="action" value={key} />
            <input type="hidden" name="requestId" value={requestId} />
            <button
              type="submit"
              disabled={inactive}
              className="whitespace-nowrap rounded-full border border-zinc-700 px-3 py-1 text-xs text-zinc-300 hover:border-brand-light hover:text-white disabled:opacity-50"
            >
              {t(`quickActions.actions.${key}`)}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
