/**
 * One chat in the sidebar: a link to it (highlighted when open), and Rename, Download and Delete. Without
 * JavaScript, Rename and Delete are links to their pages; with it, Rename edits the title in place (Enter or
 * leaving the field saves, Escape cancels, blank is refused with a toast) and Delete opens a confirmation.
 */
import { Link } from "@remix-run/react";
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { chatTexts, chatToasts, MAX_TITLE_LENGTH } from "~/modules/chats/chat-messages";
import type { ChatListItem } from "~/modules/chats/schemas";
import { ChatActionLink } from "./chat-action-link";
import { useRenameChat } from "./sidebar-dialogs";
import { DownloadIcon, PencilIcon, TrashIcon } from "./icons";

const withReturn = (path: string, returnTo: string) =>
  `${path}?${new URLSearchParams({ redirectTo: returnTo })}`;

/**
 * Saves a title typed in the sidebar: mounted from the moment it is committed until the server's answer (and the
 * reload after it) is in. The rename's fetcher lives here, not in the item, because a fetcher re-renders its
 * component on every change of the router's state.
 */
function SaveTitle({ chatId, title, onSettled }: { chatId: string; title: string; onSettled: () => void }) {
  const { submit, settled } = useRenameChat(chatId, "sidebar");
  // Development's StrictMode runs a mount's effects twice; one commit is one POST.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    submit(title);
  }, [submit, title]);
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  return null;
}

/**
 * Memoized, and reads nothing from the router itself (whether it is the open chat is a prop): a send steps the
 * router's state several times, and re-rendering every chat of the sidebar at each step (~1.2 ms a step with 20
 * chats) held a reply's first token back.
 */
export const SidebarChatItem = memo(function SidebarChatItem({
  chat,
  active,
  returnTo,
  onDelete,
}: {
  chat: ChatListItem;
  /** The chat is the one open. */
  active: boolean;
  /** Where the no-JavaScript rename and delete pages send the user back to. */
  returnTo: string;
  onDelete: (chat: ChatListItem) => void;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  // The title being saved, shown until the server has answered.
  const [saving, setSaving] = useState<string | null>(null);
  const saved = useCallback(() => setSaving(null), []);
  const title = saving ?? chat.title;
  const settled = useRef(false);
  const renameLink = useRef<HTMLAnchorElement>(null);

  const startEditing = () => {
    settled.current = false;
    setEditing(true);
  };
  const stopEditing = () => {
    settled.current = true;
    setEditing(false);
    requestAnimationFrame(() => renameLink.current?.focus({ preventScroll: true }));
  };
  const commit = (value: string) => {
    if (settled.current) return;
    stopEditing();
    const next = value.trim();
    if (!next) {
      toast({ type: "destructive", ...chatToasts.titleEmpty });
      return;
    }
    if (next !== title) setSaving(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      commit(event.currentTarget.value);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      if (!settled.current) stopEditing();
    }
  };

  const saver =
    saving === null ? null : <SaveTitle key={saving} chatId={chat.id} title={saving} onSettled={saved} />;
  if (editing) {
    return (
      <li className="px-1 py-0.5">
        {saver}
        <input
          aria-label={chatTexts.titleLabel}
          defaultValue={title}
          maxLength={MAX_TITLE_LENGTH}
          // The user just asked to edit this field: focusing it is the expected result.
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={onKeyDown}
          onBlur={(event) => commit(event.currentTarget.value)}
          className="input px-2 py-1.5"
        />
      </li>
    );
  }

  // The actions show over the title's end while the item is hovered or focused (always on a touch screen,
  // which has no hover), rather than narrowing it: the list does not reflow under the pointer. The open chat's
  // title bar has them too.
  const actionClass =
    "icon-btn opacity-0 focus:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100";
  return (
    <li className="group relative" data-chat-id={chat.id}>
      {saver}
      <Link
        to={`/chat/${chat.id}`}
        aria-current={active ? "page" : undefined}
        // Two lines (three beside a touch screen's actions) hold an automatic title (30 characters and '...')
        // whole: it is cut once, by the title, not again by the sidebar.
        className={`line-clamp-2 break-words rounded-md py-2 pl-2 pr-2 text-sm [@media(hover:none)]:line-clamp-3 [@media(hover:none)]:pr-24 ${
          active ? "bg-zinc-800 font-medium text-white" : "text-zinc-300 hover:bg-zinc-900"
        }`}
      >
        {title || chatTexts.untitled}
      </Link>
      <div
        className={`absolute inset-y-1 right-1 flex items-center gap-0.5 rounded-md group-focus-within:bg-zinc-900 group-hover:bg-zinc-900 [@media(hover:none)]:bg-transparent ${
          active ? "group-focus-within:bg-zinc-800 group-hover:bg-zinc-800" : ""
        }`}
      >
        <ChatActionLink
          ref={renameLink}
          to={withReturn(`/chat/${chat.id}/rename`, returnTo)}
          label={chatTexts.rename}
          icon={PencilIcon}
          className={actionClass}
          onOpen={startEditing}
        />
        <a
          href={`/chat/${chat.id}/download`}
          download
          aria-label={chatTexts.download}
          title={chatTexts.download}
          className={actionClass}
          onClick={() => toast({ type: "success", ...chatToasts.downloaded })}
        >
          <DownloadIcon className="h-4 w-4" />
        </a>
        <ChatActionLink
          to={withReturn(`/chat/${chat.id}/delete`, returnTo)}
          label={chatTexts.delete}
          icon={TrashIcon}
          className={actionClass}
          onOpen={() => onDelete(chat)}
        />
      </div>
    </li>
  );
});
