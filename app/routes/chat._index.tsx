import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatView } from "~/components/chat/chat-view";
import { followSentReply } from "~/components/chat/follow-sent-reply";
import { loadChatPage } from "~/modules/chats/chat-page.server";
import { requireUser } from "~/routes-support/auth.server";
import { handleChatAction } from "~/routes-support/chat-intents.server";

export const loader = async ({ request }: LoaderFunctionArgs) =>
  loadChatPage(await requireUser(request), null, new URL(request.url).searchParams);

export const action = ({ request }: ActionFunctionArgs) => handleChatAction(request, null);

export const clientAction = followSentReply;

export default function NewChat() {
  return <ChatView {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />;
}
