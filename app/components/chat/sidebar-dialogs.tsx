/**
 * What the sidebar and the chat title bar share: renaming a chat in place, and the delete confirmation dialog.
 * Both are JavaScript improvements over plain pages: without JavaScript the same controls are links to
 * /chat/:chatId/rename and /chat/:chatId/delete, which render a form each.
 */
import type { SubmissionResult } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { useToast } from "~/components/ui/toaster";
import { chatTexts, chatToasts } from "~/modules/chats/chat-messages";

type RenameSource = "sidebar" | "title-bar";

/** The first message a failed submission carries (a field error, else a form error). */
export function submissionMessage(result: SubmissionResult<string[]> | undefined): string | null {
  if (!result || result.status === "success") return null;
  const errors = Object.values(result.error ?? {}).flatMap((list) => list ?? []);
  return errors[0] ?? null;
}

/**
 * Posts a new title to /chat/:chatId/rename with `inline=1` and toasts the outcome: 'Chat renamed' (sidebar) or
 * 'Chat title updated successfully' (title bar); a rejection toasts the server's message. `pendingTitle` is
 * the title being saved, to show it before the server answers.
 */
export function useRenameChat(chatId: string, source: RenameSource) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const toast = useToast();
  // The server's answer, once the rename and the reload after it are over.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!answer) return;
    if (answer.status === "success") {
      toast({ type: "success", ...(source === "title-bar" ? chatToasts.titleUpdated : chatToasts.renamed) });
      return;
    }
    const fallback = source === "title-bar" ? chatToasts.titleUpdateFailed : chatToasts.renameFailed;
    toast({
      type: "destructive",
      title: fallback.title,
      description: submissionMessage(answer) ?? fallback.description,
    });
  }, [answer, source, toast]);

  const submit = useCallback(
    (title: string) =>
      fetcher.submit({ title, source, inline: "1" }, { method: "post", action: `/chat/${chatId}/rename` }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetcher.submit is stable; the fetcher object is not
    [fetcher.submit, chatId, source],
  );
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("title") : null;
  return {
    submit,
    pendingTitle: typeof pending === "string" ? pending.trim() : null,
    /** The last rename has its answer, and the page its data reloaded after it. */
    settled: answer !== undefined,
  };
}

export const dialogOverlayClass = "fixed inset-0 z-50 bg-black/60";
export const dialogContentClass =
  "fixed left-1/2 top-1/2 z-50 w-[min(92vw,420px)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-800 bg-zinc-900 p-6 shadow-xl focus:outline-none";

/** A small Radix dialog with the app's look. */
export function SmallDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-sm text-zinc-400">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Asks before deleting `chat` (null: closed). Confirming posts to /chat/:chatId/delete, which redirects back to
 * `redirectTo` (or to the empty new chat when the deleted chat is the one on screen) with 'Chat deleted'; a
 * database failure keeps the dialog open and toasts 'Failed to delete chat from database'.
 */
export function DeleteChatDialog({
  chat,
  redirectTo,
  onClose,
}: {
  chat: { id: string; title: string } | null;
  redirectTo: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const toast = useToast();
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);

  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const failure = submissionMessage(fetcher.data);
    if (failure) toast({ type: "destructive", title: chatToasts.deleteFailed.title, description: failure });
    else onClose();
  }, [busy, fetcher.data, onClose, toast]);

  return (
    <SmallDialog
      open={chat !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={chatTexts.deleteHeading}
      description={chat ? chatTexts.deleteExplanation(chat.title || chatTexts.untitled) : undefined}
    >
      {chat ? (
        <fetcher.Form
          method="post"
          action={`/chat/${chat.id}/delete`}
          className="mt-6 flex justify-end gap-2"
        >
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Dialog.Close asChild>
            <button type="button" className="btn-secondary" disabled={busy}>
              {chatTexts.cancel}
            </button>
          </Dialog.Close>
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
            {busy ? "Deleting..." : chatTexts.deleteConfirm}
          </button>
        </fetcher.Form>
      ) : null}
    </SmallDialog>
  );
}
