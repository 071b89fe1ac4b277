/**
 * The optional title bar above a chat's messages: the title with Edit, Download and Delete.
 *
 * Usage: `<ChatTitleBar chatId={page.chatId} title={page.title} />` on a chat page (render nothing on a new
 * chat, where there is no chat id yet).
 *
 * - Edit opens the 'Edit Chat Title' dialog (Cancel, Save). Save posts to /chat/:chatId/rename; a blank title
 *   is ignored silently; success toasts 'Chat title updated successfully', a database failure
 *   'Failed to update chat title in database'.
 * - Share is a link to the chat's share page (/chat/:chatId/share).
 * - Download opens a menu of formats (text, Markdown, JSON), each a link to /chat/:chatId/download?format=.
 * - Delete asks for confirmation (the sidebar's dialog), then goes to the empty new chat with 'Chat deleted'.
 * Without JavaScript, Edit and Delete are links to the rename and delete pages, which come back here.
 * See docs/product.md §1 (the screen) and §6 (the rules).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useLocation } from "@remix-run/react";
import { memo, useCallback, useState, type FormEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { chatTexts, chatToasts, MAX_TITLE_LENGTH } from "~/modules/chats/chat-messages";
import { ChatActionLink } from "./chat-action-link";
import { DeleteChatDialog, SmallDialog, useRenameChat } from "./sidebar-dialogs";
import { DownloadIcon, PencilIcon, ShareIcon, TrashIcon } from "./icons";

const EXPORT_FORMATS = ["txt", "md", "json"] as const;

export interface ChatTitleBarProps {
  /** The chat's id (the one in /chat/:chatId). */
  chatId: string;
  /** Its current title, as the chat page's loader returned it. */
  title: string;
}

/** Memoized: a reply's first token re-renders the chat, and the bar has nothing to change then. */
export const ChatTitleBar = memo(function ChatTitleBar({ chatId, title }: ChatTitleBarProps) {
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
      <ChatActionLink
        to={`/chat/${chatId}/rename?${back}`}
        label={chatTexts.editTitle}
        icon={PencilIcon}
        onOpen={() => setEditing(true)}
      />
      <ChatActionLink to={`/chat/${chatId}/share`} label={chatTexts.share} icon={ShareIcon} />
      {/* A <details> menu: the format choice opens and works without JavaScript. The list is display:none
          while closed (Chromium still lays out a closed <details>' content). */}
      <details className="group relative">
        <summary className="icon-btn list-none" aria-label={chatTexts.download} title={chatTexts.download}>
          <DownloadIcon className="h-4 w-4" />
        </summary>
        <ul
          aria-label={chatTexts.download}
          className="absolute right-0 z-20 mt-1 hidden w-48 rounded-lg border border-zinc-800 bg-zinc-900 p-1 shadow-lg group-open:block"
        >
          {EXPORT_FORMATS.map((format) => (
            <li key={format}>
              <a
                href={`/chat/${chatId}/download?format=${format}`}
                download
                className="block rounded px-3 py-2 text-sm text-zinc-200 hover:bg-zinc-800"
                onClick={(event) => {
                  event.currentTarget.closest("details")?.removeAttribute("open");
                  toast({ type: "success", ...chatToasts.downloaded });
                }}
              >
                {chatTexts.downloadFormats[format]}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <ChatActionLink
        to={`/chat/${chatId}/delete?${back}`}
        label={chatTexts.delete}
        icon={TrashIcon}
        onOpen={() => setDeleting(true)}
      />

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
});
