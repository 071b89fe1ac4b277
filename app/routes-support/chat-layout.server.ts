/** Everything the chat layout (sidebar, header, settings dialog) shows, for the signed-in user. */
import { redirect } from "@remix-run/node";
import { publicSessionUser } from "~/modules/auth/session.server";
import { requireUser } from "~/routes-support/auth.server";
import { modelsForPlan } from "~/modules/models/models.server";
import { db } from "~/modules/server-context.server";
import { loadSettings } from "~/modules/settings/settings.server";
import { logFailure } from "~/modules/chats/chat-actions.server";
import { chatTexts } from "~/modules/chats/chat-messages";
import { normaliseSearch, SEARCH_PATH } from "~/modules/chats/chat-search";
import { listChats, type ChatListItem } from "~/modules/chats/chats.server";
import { SIDEBAR_PARAM, sidebarCookie, sidebarModeFromCookie } from "~/modules/chats/sidebar-preference";
import { isSecureRequest } from "~/utils/http.server";
import { MAX_SEARCH_LENGTH } from "~/modules/chats/schemas";

export async function loadChatLayout(request: Request) {
  const session = await requireUser(request);
  const url = new URL(request.url);

  // Without JavaScript the collapse toggle is a link: remember the choice, then show the same page without it.
  const toggle = url.searchParams.get(SIDEBAR_PARAM);
  if (toggle === "collapse" || toggle === "expand") {
    url.searchParams.delete(SIDEBAR_PARAM);
    throw redirect(`${url.pathname}${url.search}`, {
      headers: {
        "Set-Cookie": sidebarCookie(
          toggle === "collapse" ? "collapsed" : "expanded",
          isSecureRequest(request),
        ),
      },
    });
  }

  let chats: ChatListItem[] | null = null;
  let historyError: string | null = null;
  try {
    // The whole list: the sidebar filters it by `q` itself, on the server's render and as the user types.
    chats = await listChats(db(), session.user);
  } catch (error) {
    logFailure("list-chats", { userId: session.user.id }, error);
    historyError = chatTexts.historyUnavailable;
  }

  const [models, settings] = await Promise.all([
    modelsForPlan(db(), session.user.plan),
    loadSettings(session),
  ]);
  return {
    user: publicSessionUser(session)!,
    chats,
    historyError,
    // The search page's `q` is its own (what was said), not a filter of the sidebar's titles.
    q:
      url.pathname === SEARCH_PATH
        ? ""
        : normaliseSearch(url.searchParams.get("q")).slice(0, MAX_SEARCH_LENGTH),
    models,
    settings,
    sidebar: sidebarModeFromCookie(request.headers.get("Cookie")),
    overlayOpen: toggle === "open",
  };
}
