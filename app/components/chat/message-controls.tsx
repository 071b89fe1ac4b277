import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Versions } from "~/modules/chats/chat-page.server";
import { ChevronDownIcon } from "./icons";

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
 * Edit and resend a question: a new version beside it (docs/product.md §6 'Branches'). With JavaScript the button
 * opens the form in place; without it, a link to `?edit=<question id>` renders the page with the form open.
 */
export function EditQuestion({
  questionId,
  content,
  requestId,
  initiallyOpen,
}: {
  questionId: string;
  content: string;
  requestId: string;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(initiallyOpen);
  if (!open) {
    return (
      <Link
        to={`?edit=${questionId}`}
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
  const boxId = `edit-${questionId}`;
  return (
    <Form method="post" action="?" className="mt-2 w-[min(36rem,75vw)] space-y-2">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="questionId" value={questionId} />
      <label className="sr-only" htmlFor={boxId}>
        {t("controls.edit")}
      </label>
      <textarea
        id={boxId}
        name="content"
        defaultValue={content}
        rows={4}
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

/**
 * `‹ n / m ›` under a message with several versions: each arrow a form showing the previous or next version
 * (and what followed it), so it works without JavaScript. Off while a reply is written, whose prompt is the
 * shown branch.
 */
export function VersionSwitch({ versions, disabled }: { versions: Versions; disabled: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <span
      role="group"
      aria-label={t("branches.position", { n: versions.position, m: versions.count })}
      data-testid="versions"
      className="flex items-center text-xs text-zinc-400"
    >
      <VersionArrow target={versions.previous} direction="previous" disabled={disabled} />
      <span aria-hidden="true" className="tabular-nums">
        {versions.position} / {versions.count}
      </span>
      <VersionArrow target={versions.next} direction="next" disabled={disabled} />
    </span>
  );
}

function VersionArrow({
  target,
  direction,
  disabled,
}: {
  target: string | null;
  direction: "previous" | "next";
  disabled: boolean;
}) {
  const { t } = useTranslation("chat");
  const busy = useNavigation().state === "submitting";
  const label = direction === "previous" ? t("branches.previous") : t("branches.next");
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="branch" />
      <input type="hidden" name="messageId" value={target ?? ""} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        disabled={!target || disabled || busy}
        className="rounded p-1 text-zinc-400 hover:bg-zinc-800 hover:text-white disabled:opacity-40 disabled:hover:bg-transparent"
      >
        <ChevronDownIcon className={`h-3.5 w-3.5 ${direction === "previous" ? "rotate-90" : "-rotate-90"}`} />
      </button>
    </Form>
  );
}
