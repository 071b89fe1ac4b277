/**
 * The optional title bar above a chat's messages: the title with Edit, Download and Delete.
 *
 * Usage: `<ChatTitleBar chatId={page.chatId} title={page.title} />` on a chat page (render nothing on a new
 * chat, where there is no chat id yet).
 *
 * - Edit opens the 'Edit Chat Title' dialog (Cancel, Save). Save posts to /chat/:chatId/rename; a blank title
 *   is ignored silently; success toasts 'Chat title updated successfully', a database failure
 *   'Failed to update chat title in database'.
 * - Download is a link to /chat/:chatId/download (a text file named after the title).
 * - Delete asks for confirmation (the sidebar's dialog), then goes to the empty new chat with 'Chat deleted'.
 * Without JavaScript, Edit and Delete are links to the rename and delete pages, which come back here.
 * See docs/product.md §1 (the screen) and §6 (the rules).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { Link, useLocation } from "@remix-run/react";
import { useCallback, useState, type FormEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { chatTexts, chatToasts, MAX_TITLE_LENGTH } from "~/modules/chats/chat-messages";
import { DeleteChatDialog, SmallDialog, useRenameChat } from "./sidebar-dialogs";
import { DownloadIcon, PencilIcon, TrashIcon } from "./icons";

export interface ChatTitleBarProps {
  /** The chat's id (the one in /chat/:chatId). */
  chatId: string;
  /** Its current title, as the chat page's loader returned it. */
  title: string;
}

export function ChatTitleBar({ chatId, title }: ChatTitleBarProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const back = new URLSearchParams({ redirectTo: here });
  const toast = useToast();
  const { submit, pendingTitle } = useRenameChat(chatId, "title-bar");
  const shownTitle = pendingTitle ?? title;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const closeDelete = useCallback(() => setDeleting(false), []);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("title");
    const next = typeof value === "string" ? value.trim() : "";
    setEditing(false);
    // The Edit Chat Title dialog ignores a blank title silently (docs/product.md §6).
    if (next && next !== shownTitle) submit(next);
  };

  return (
    <div className="flex items-center gap-2 border-b border-zinc-800 px-4 py-2">
      <h2 className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-200">
        {shownTitle || chatTexts.untitled}
      </h2>
      <Link
        to={`/chat/${chatId}/rename?${back}`}
        className="icon-btn"
        aria-label={chatTexts.editTitle}
        title={chatTexts.editTitle}
        onClick={(event) => {
          event.preventDefault();
          setEditing(true);
        }}
      >
        <PencilIcon className="h-4 w-4" />
      </Link>
      <a
        href={`/chat/${chatId}/download`}
        download
        className="icon-btn"
        aria-label={chatTexts.download}
        title={chatTexts.download}
        onClick={() => toast({ type: "success", ...chatToasts.downloaded })}
      >
        <DownloadIcon className="h-4 w-4" />
      </a>
      <Link
        to={`/chat/${chatId}/delete?${back}`}
        className="icon-btn"
        aria-label={chatTexts.delete}
        title={chatTexts.delete}
        onClick={(event) => {
          event.preventDefault();
          setDeleting(true);
        }}
      >
        <TrashIcon className="h-4 w-4" />
      </Link>

      <SmallDialog open={editing} onOpenChange={setEditing} title={chatTexts.editTitle}>
        <form onSubmit={save} className="mt-4 space-y-4">
          <label className="block text-sm font-medium text-zinc-300">
            {chatTexts.titleLabel}
            <input
              name="title"
              defaultValue={shownTitle}
              maxLength={MAX_TITLE_LENGTH}
              autoComplete="off"
              className="input mt-1"
            />
          </label>
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <button type="button" className="btn-secondary">
                {chatTexts.cancel}
              </button>
            </Dialog.Close>
            <button type="submit" className="btn-primary">
              {chatTexts.save}
            </button>
          </div>
        </form>
      </SmallDialog>
      <DeleteChatDialog
        chat={deleting ? { id: chatId, title: shownTitle } : null}
        redirectTo={here}
        onClose={closeDelete}
      />
    </div>
  );
}
