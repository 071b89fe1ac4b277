import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatView } from "~/components/chat/chat-view";
import { followSentReply } from "~/components/chat/follow-sent-reply";
import { loadChatPage } from "~/modules/chats/chat-page.server";
import { handleChatAction } from "~/modules/completions/chat-intents.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadChatPage(request, null);

export const action = ({ request }: ActionFunctionArgs) => handleChatAction(request, null);

export const clientAction = followSentReply;

export default function NewChat() {
  return <ChatView {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />;
}
