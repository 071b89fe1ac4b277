import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/routes-support/auth.server";
import { attempt } from "~/modules/chats/chat-actions.server";
import { chatTexts } from "~/modules/chats/chat-messages";
import { listChats } from "~/modules/chats/chats.server";
import type { ChatListResponse } from "~/modules/chats/schemas";
import { db } from "~/modules/server-context.server";

const json = (body: ChatListResponse, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/** The signed-in user's chat list as the sidebar shows it (its 30 s refresh), with `?q=` to filter titles. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSessionUser(request);
  if (!session) return json({ error: chatTexts.signInRequired }, 401);
  const query = new URL(request.url).searchParams.get("q")?.slice(0, 200) ?? null;
  const result = await attempt("list-chats", { userId: session.user.id }, () =>
    listChats(db(), session.user, { query }),
  );
  return result.ok ? json({ chats: result.value }) : json({ error: chatTexts.historyUnavailable }, 500);
}
