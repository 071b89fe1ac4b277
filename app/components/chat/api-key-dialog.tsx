import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { memo, useState } from "react";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { apiKeySchema } from "~/modules/vendors/key-messages";
import type { UserKeyStatus } from "~/modules/vendors/user-keys.server";
import { Trans, useTranslation } from "react-i18next";

/** The vendor whose key the dialog asks for when the status does not name one. */
const DEFAULT_VENDOR = "Together AI";

/**
 * The key form: editing → verifying → verified, 'Change Key' reopens editing. The key is checked
 * with the vendor by a worker before it is stored (encrypted, for this user's replies only).
 * See docs/product.md §4.
 */
export function ApiKeyForm({
  status,
  redirectTo,
  lastResult,
}: {
  status: UserKeyStatus | null;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("chat");
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const [editing, setEditing] = useState(!status?.last4);
  const [form, fields] = useZodForm(apiKeySchema(), {
    id: "api-key",
    lastResult: fetcher.data ?? lastResult,
    shouldValidate: "onSubmit",
  });
  const verifying = fetcher.state !== "idle";

  if (!editing && status?.last4) {
    return (
      <div className="mt-4 space-y-3 text-sm">
        <p>
          <Trans
            t={t}
            i18nKey="apiKey.verified"
            values={{ vendor: status.vendorName, last4: status.last4 }}
            components={{ code: <code /> }}
          />
        </p>
        <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
          {t("apiKey.change")}
        </button>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/api-key" {...getFormProps(form)} className="mt-4 space-y-3">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-zinc-400">
        {t(status?.required === false ? "apiKey.explanationProvided" : "apiKey.explanation", {
          vendor: status?.vendorName ?? DEFAULT_VENDOR,
        })}
      </p>
      <label htmlFor={fields.apiKey.id} className="block text-sm font-medium text-zinc-300">
        {t("apiKey.label")}
      </label>
      <input
        {...getInputProps(fields.apiKey, { type: "password" })}
        placeholder="sk-..."
        autoComplete="off"
        className="input"
      />
      <ErrorList id={fields.apiKey.errorId} errors={fields.apiKey.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary w-full" disabled={verifying}>
        {verifying ? t("apiKey.verifying") : t("apiKey.verifyAndSave")}
      </button>
    </fetcher.Form>
  );
}

/**
 * The key form in a dialog; the chat page decides when it is open (see loadChatPage). Memoized, as the chat's
 * other parts are: a reply's first token re-renders the chat, and nothing here changes with it.
 */
export const ApiKeyDialog = memo(function ApiKeyDialog({
  status,
  open,
}: {
  status: UserKeyStatus | null;
  open: boolean;
}) {
  const { t } = useTranslation("chat");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const asked = params.get("apikey") === "edit";
  // Once dismissed it stays closed (it also opens by itself), until something asks for it again with
  // `?apikey=edit` — a send that needs the key, or the settings' Set API Key link.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const dismissed = dismissedAt !== null && (!asked || dismissedAt === location.key);
  params.delete("apikey");
  const here = `${location.pathname}${params.size ? `?${params}` : ""}`;
  if (!open || dismissed) return null;
  return (
    // No portal: a portal renders nothing on the server, and the dialog must also open without JavaScript.
    <Dialog.Root open onOpenChange={(next) => setDismissedAt(next ? null : location.key)}>
      <div>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          aria-labelledby="api-key-dialog-title"
          className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,450px)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-800 bg-zinc-950 p-6 shadow-2xl"
        >
          <Dialog.Title id="api-key-dialog-title" className="text-lg font-semibold">
            {t("apiKey.title", { vendor: status?.vendorName ?? DEFAULT_VENDOR })}
          </Dialog.Title>
          <Dialog.Description className="sr-only">{t("apiKey.description")}</Dialog.Description>
          <ApiKeyForm status={status} redirectTo={here} />
          <Dialog.Close asChild>
            <Link to={here} className="btn-ghost mt-3 w-full">
              {t("apiKey.notNow")}
            </Link>
          </Dialog.Close>
        </Dialog.Content>
      </div>
    </Dialog.Root>
  );
});
