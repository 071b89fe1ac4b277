import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A one-button form posting an intent to the current chat (regenerate, stop). */
export function IntentButton({
  intent,
  fields,
  children,
}: {
  intent: string;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={busy}
        className="rounded px-2 py-0.5 text-xs text-zinc-400 hover:bg-zinc-800 hover:text-white"
      >
        {children}
      </button>
    </Form>
  );
}

/**
 * Edit and resend the last user message. With JavaScript the button opens the form in place; without it, a
 * link to `?edit=last` renders the page with the form open.
 */
export function EditLastMessage({
  content,
  requestId,
  initiallyOpen,
}: {
  content: string;
  requestId: string;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(initiallyOpen);
  if (!open) {
    return (
      <Link
        to="?edit=last"
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="rounded px-2 py-0.5 text-xs text-zinc-400 hover:bg-zinc-800 hover:text-white"
      >
        {t("controls.edit")}
      </Link>
    );
  }
  return (
    <Form method="post" action="?" className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="requestId" value={requestId} />
      <label className="sr-only" htmlFor="edit-last">
        {t("controls.edit")}
      </label>
      <textarea
        id="edit-last"
        name="content"
        defaultValue={content}
        rows={3}
        className="input text-zinc-900 dark:text-zinc-100"
      />
      <div className="flex justify-end gap-2">
        <Link
          to="?"
          onClick={(event) => (event.preventDefault(), setOpen(false))}
          className="btn-ghost px-3 py-1 text-xs"
        >
          {t("controls.cancel")}
        </Link>
        <button type="submit" className="btn-primary px-3 py-1 text-xs">
          {t("controls.saveAndResend")}
        </button>
      </div>
    </Form>
  );
}
