/**
 * The chat screen's left sidebar: New chat, search, recent chats, Settings, the version label, the
 * upgrade icon for demo users, and the user's Sign Out. It collapses to icons (w-64 ↔ w-20) on wide screens
 * and is an overlay below 768 px. Everything is a link or a form first, so it all works without JavaScript;
 * with JavaScript the search filters the titles as you type, renames happen in place and deletes ask in a
 * dialog. Submitting the search (Enter) opens the search of everything said (/chat/search).
 * See docs/product.md §1.
 */
import { Form, Link, useLocation, useParams } from "@remix-run/react";
import { SignOutButton } from "~/components/sign-out-button";
import { CollapseToggle, instead } from "./link-actions";
import { useCallback, useState } from "react";
import { chatTexts } from "~/modules/chats/chat-messages";
import { APP_VERSION } from "~/modules/version";
import { filterChats, SEARCH_PATH } from "~/modules/chats/chat-search";
import { MAX_SEARCH_LENGTH, type ChatListItem } from "~/modules/chats/schemas";
import { ariaKeys } from "./shortcuts";
import { SidebarChatItem } from "./sidebar-chat-item";
import { DeleteChatDialog } from "./sidebar-dialogs";
import { useChatHistory } from "./sidebar-history";
import { CloseIcon, GearIcon, PlusIcon, SearchIcon, SignOutIcon, SparkIcon } from "./icons";
import { useTranslation } from "react-i18next";

/** The URLs the sidebar's toggles lead to without JavaScript (the layout computes them from the current URL). */
export interface SidebarLinks {
  /** `?sidebar=collapse|expand`: the layout loader remembers the choice in the `sidebar` cookie. */
  toggleCollapse: string;
  /** The current page without `?sidebar=open`: closes the small-screen overlay. */
  closeOverlay: string;
  /** `?settings=account`: opens the settings dialog. */
  settings: string;
}

export interface SidebarProps {
  user: { name: string; isDemo: boolean };
  /** The layout loader's list; null when it could not be read (then `historyError` says why). */
  chats: ChatListItem[] | null;
  historyError: string | null;
  /** The search from `?q=` (the no-JavaScript search). */
  q: string;
  collapsed: boolean;
  overlayOpen: boolean;
  links: SidebarLinks;
  onToggleCollapse: () => void;
  onCloseOverlay: () => void;
}

export function Sidebar({
  user,
  chats,
  historyError,
  q,
  collapsed,
  overlayOpen,
  links,
  onToggleCollapse,
  onCloseOverlay,
}: SidebarProps) {
  const { t } = useTranslation("chat");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const openChatId = useParams().chatId;
  const history = useChatHistory(chats, historyError);

  const [query, setQuery] = useState(q);
  const [searchFromUrl, setSearchFromUrl] = useState(q);
  if (q !== searchFromUrl) {
    setSearchFromUrl(q);
    setQuery(q);
  }
  const shown = filterChats(history.chats, query);

  const [deleting, setDeleting] = useState<ChatListItem | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);

  // On wide screens a collapsed sidebar keeps only icons; on small screens the overlay is always full width.
  const label = collapsed ? "md:sr-only" : "";
  const wideOnly = collapsed ? "md:hidden" : "";
  const navItem = `flex items-center gap-3 rounded-md px-2 py-2 text-sm text-zinc-300 hover:bg-zinc-900 hover:text-white ${
    collapsed ? "md:justify-center" : ""
  }`;

  return (
    <aside
      id="chat-sidebar"
      aria-label={t("sidebar.history")}
      data-collapsed={collapsed}
      className={`${overlayOpen ? "flex" : "hidden"} fixed inset-y-0 left-0 z-40 w-64 flex-col border-r border-zinc-800 bg-zinc-950 shadow-xl md:static md:z-auto md:flex md:shrink-0 md:shadow-none md:transition-[width] ${
        collapsed ? "md:w-20" : "md:w-64"
      }`}
    >
      <div className={`flex items-center gap-2 px-3 pt-3 ${collapsed ? "md:flex-col-reverse" : ""}`}>
        <Link
          to="/chat"
          aria-keyshortcuts={ariaKeys("newChat")}
          className={`btn-primary min-w-0 flex-1 justify-start ${collapsed ? "md:w-full md:flex-none md:justify-center md:px-0" : ""}`}
        >
          <PlusIcon />
          <span className={label}>{chatTexts.newChat}</span>
        </Link>
        <CollapseToggle to={links.toggleCollapse} collapsed={collapsed} onToggle={onToggleCollapse} />
        <Link
          to={links.closeOverlay}
          className="btn-ghost px-2 md:hidden"
          aria-label={chatTexts.closeSidebar}
          onClick={instead(onCloseOverlay)}
        >
          <CloseIcon />
        </Link>
      </div>

      <Form method="get" action={SEARCH_PATH} role="search" className={`mt-3 px-3 ${wideOnly}`}>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-zinc-500" />
          <input
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            placeholder={chatTexts.searchPlaceholder}
            aria-label={chatTexts.searchLabel}
            maxLength={MAX_SEARCH_LENGTH}
            aria-keyshortcuts={ariaKeys("search")}
            autoComplete="off"
            className="input py-1.5 pl-8"
          />
        </div>
        <noscript>
          <button type="submit" className="btn-secondary mt-2 w-full py-1">
            {chatTexts.search}
          </button>
        </noscript>
      </Form>

      <nav
        aria-label={chatTexts.recentChats}
        className={`mt-3 min-h-0 flex-1 overflow-y-auto px-2 ${wideOnly}`}
      >
        {history.error ? (
          <div
            role="alert"
            className="mx-1 mb-2 rounded-md border border-red-800 bg-red-950/60 p-3 text-sm text-red-200"
          >
            <p>{chatTexts.historyFailed(history.error)}</p>
            <Form
              method="get"
              action={location.pathname}
              className="mt-2"
              onSubmit={(event) => {
                event.preventDefault();
                history.retry();
              }}
            >
              {q ? <input type="hidden" name="q" value={q} /> : null}
              <button type="submit" className="btn-secondary px-3 py-1">
                {chatTexts.retry}
              </button>
            </Form>
          </div>
        ) : null}
        {history.chats.length === 0 ? (
          history.error ? null : (
            <p className="px-2 text-sm text-zinc-400">{chatTexts.noHistory}</p>
          )
        ) : shown.length === 0 ? (
          <p className="px-2 text-sm text-zinc-400">{chatTexts.noMatches}</p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {shown.map((chat) => (
              <SidebarChatItem
                key={chat.id}
                chat={chat}
                active={chat.id === openChatId}
                returnTo={here}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </nav>
      {collapsed ? <div aria-hidden className="hidden flex-1 md:block" /> : null}

      <div className="flex flex-col gap-0.5 border-t border-zinc-800 px-3 py-3">
        {user.isDemo ? (
          <Link to="/pricing" className={`${navItem} text-brand-light`} title={chatTexts.upgrade}>
            <SparkIcon />
            <span className={label}>{chatTexts.upgrade}</span>
          </Link>
        ) : null}
        <Link to={links.settings} className={navItem} title={chatTexts.settings}>
          <GearIcon />
          <span className={label}>{chatTexts.settings}</span>
        </Link>
        <div
          className={`flex items-center justify-between gap-2 px-2 pt-1 text-sm ${collapsed ? "md:justify-center" : ""}`}
        >
          <span className={`truncate text-zinc-300 ${wideOnly}`}>{user.name}</span>
          <SignOutButton className="btn-ghost gap-2 px-2 py-1" title={chatTexts.signOut}>
            <SignOutIcon className="h-4 w-4" />
            <span className={label}>{chatTexts.signOut}</span>
          </SignOutButton>
        </div>
        <p className="px-2 pt-1 text-xs text-zinc-400">
          <span className={wideOnly}>{chatTexts.version}</span>
          {collapsed ? (
            <span className="hidden md:inline">{t("sidebar.shortVersion", { version: APP_VERSION })}</span>
          ) : null}
        </p>
      </div>

      <DeleteChatDialog chat={deleting} redirectTo={here} onClose={closeDelete} />
    </aside>
  );
}
