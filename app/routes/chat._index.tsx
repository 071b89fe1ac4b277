import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useOutletContext } from "@remix-run/react";
import { ChatView } from "~/components/chat/chat-view";
import { loadChatPage } from "~/modules/chats/chat-page.server";
import { requireUser } from "~/routes-support/auth.server";
import type { NewChatResult } from "./chat";

export const loader = async ({ request }: LoaderFunctionArgs) =>
  loadChatPage(await requireUser(request), null, new URL(request.url).searchParams);

/** The new chat. Its forms post to `/chat`, the layout's action, whose result comes as the outlet's context. */
export default function NewChat() {
  return <ChatView {...useLoaderData<typeof loader>()} lastResult={useOutletContext<NewChatResult>()} />;
}
