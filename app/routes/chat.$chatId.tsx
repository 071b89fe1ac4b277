import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatView } from "~/components/chat/chat-view";
import { followSentReply } from "~/components/chat/follow-sent-reply";
import { loadChatPage } from "~/modules/chats/chat-page.server";
import { handleChatAction } from "~/modules/completions/chat-intents.server";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ? `${data.title} — Rogue AI` : translate("chat:meta.title") },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => loadChatPage(request, params.chatId ?? "");

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleChatAction(request, params.chatId ?? "");

export const clientAction = followSentReply;

export default function ChatPage() {
  const page = useLoaderData<typeof loader>();
  return <ChatView key={page.chatId} {...page} lastResult={useActionData<typeof action>()} />;
}
