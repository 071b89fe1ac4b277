import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  Outlet,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChatHeader } from "~/components/chat/chat-header";
import { followSentReply } from "~/components/chat/follow-sent-reply";
import { mathStylesheet } from "~/components/chat/math-stylesheet";
import { Sidebar } from "~/components/chat/sidebar";
import { useShortcuts } from "~/components/chat/shortcuts";
import { ShortcutsDialog } from "~/components/chat/shortcuts-dialog";
import { SettingsDialog } from "~/components/settings/settings-dialog";
import { chatTexts } from "~/modules/chats/chat-messages";
import { translate } from "~/modules/i18n/translate";
import { loadChatLayout } from "~/routes-support/chat-layout.server";
import { handleChatAction } from "~/routes-support/chat-intents.server";
import { SIDEBAR_PARAM, sidebarCookie, type SidebarParam } from "~/modules/chats/sidebar-preference";
import type { loader as chatPageLoader } from "./chat.$chatId";
import type { loader as newChatLoader } from "./chat._index";

export const meta: MetaFunction = () => [{ title: translate("chat:meta.title") }];

export const links: LinksFunction = () => [mathStylesheet];

export const loader = ({ request }: LoaderFunctionArgs) => loadChatLayout(request);

/**
 * The new chat's forms (send, the quick actions) post to `/chat`, here: posted to the index route they would go
 * to `/chat?index`, which a refused send then left in the address bar. The new chat's page reads the result
 * from the outlet's context (`NewChatResult`).
 */
export const action = ({ request }: ActionFunctionArgs) => handleChatAction(request, null);

export const clientAction = followSentReply;

export type NewChatResult = ReturnType<typeof useActionData<typeof action>>;

/** The current URL with `?sidebar=` set to `value` (or removed), for the no-JavaScript toggles. */
function withSidebarParam(pathname: string, search: string, value: SidebarParam | null) {
  const params = new URLSearchParams(search);
  params.delete(SIDEBAR_PARAM);
  if (value) params.set(SIDEBAR_PARAM, value);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

export default function ChatLayout() {
  const data = useLoaderData<typeof loader>();
  // Subscribed to the language, so a switch in Settings re-renders the screen (and its page, by the key) in it.
  const { i18n } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const chatPage = useRouteLoaderData<typeof chatPageLoader>("routes/chat.$chatId");
  const newChatPage = useRouteLoaderData<typeof newChatLoader>("routes/chat._index");
  const newChatResult: NewChatResult = useActionData<typeof action>();

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useShortcuts(useCallback(() => setShortcutsOpen(true), []));
  const [collapsed, setCollapsed] = useState(data.sidebar === "collapsed");
  const toggleCollapse = () => {
    const next = !collapsed;
    document.cookie = sidebarCookie(next ? "collapsed" : "expanded", window.location.protocol === "https:");
    setCollapsed(next);
  };

  // The small-screen overlay: open from `?sidebar=open` (no JavaScript) or the header's toggle; any navigation
  // (picking a chat, New chat) closes it.
  const [overlay, setOverlay] = useState({ open: data.overlayOpen, at: location.key });
  if (overlay.at !== location.key) setOverlay({ open: data.overlayOpen, at: location.key });
  const setOverlayOpen = (open: boolean) => setOverlay((current) => ({ ...current, open }));
  useEffect(() => {
    if (!overlay.open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOverlay((current) => ({ ...current, open: false }));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [overlay.open]);

  const { pathname, search } = location;
  const settingsParams = new URLSearchParams(search);
  settingsParams.delete(SIDEBAR_PARAM);
  settingsParams.set("settings", "account");
  const links = {
    toggleCollapse: withSidebarParam(pathname, search, collapsed ? "expand" : "collapse"),
    openOverlay: withSidebarParam(pathname, search, "open"),
    closeOverlay: withSidebarParam(pathname, search, null),
    settings: `${pathname}?${settingsParams}`,
  };
  const defaultModel = data.models.find((model) => model.isDefault) ?? data.models[0];

  return (
    <div className="flex h-dvh overflow-hidden">
      <Sidebar
        user={data.user}
        chats={data.chats}
        historyError={data.historyError}
        q={data.q}
        collapsed={collapsed}
        overlayOpen={overlay.open}
        links={links}
        onToggleCollapse={toggleCollapse}
        onCloseOverlay={() => setOverlayOpen(false)}
      />
      {overlay.open ? (
        <Link
          to={links.closeOverlay}
          aria-label={chatTexts.closeSidebar}
          data-testid="sidebar-backdrop"
          className="fixed inset-0 z-30 bg-black/60 md:hidden"
          onClick={(event) => {
            event.preventDefault();
            setOverlayOpen(false);
          }}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          models={data.models}
          currentModelId={chatPage?.modelId ?? newChatPage?.modelId ?? defaultModel?.id ?? ""}
          chatId={chatPage?.chatId ?? null}
          overlayOpen={overlay.open}
          links={links}
          onOpenOverlay={() => setOverlayOpen(true)}
        />
        <main className="flex min-h-0 flex-1 flex-col">
          <Outlet key={i18n.language} context={newChatResult} />
        </main>
      </div>
      <SettingsDialog data={data.settings} tab={searchParams.get("settings")} />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </div>
  );
}
