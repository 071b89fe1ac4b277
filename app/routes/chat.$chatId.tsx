import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChatView } from "~/components/chat/chat-view";
import { followSentReply } from "~/components/chat/follow-sent-reply";
import { loadChatPage } from "~/modules/chats/chat-page.server";
import { requireUser } from "~/routes-support/auth.server";
import { handleChatAction } from "~/routes-support/chat-intents.server";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ? `${data.title} — Rogue AI` : translate("chat:meta.title") },
];

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  loadChatPage(await requireUser(request), params.chatId ?? "", new URL(request.url).searchParams);

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleChatAction(request, params.chatId ?? "");

export const clientAction = followSentReply;

export default function ChatPage() {
  const page = useLoaderData<typeof loader>();
  return <ChatView key={page.chatId} {...page} lastResult={useActionData<typeof action>()} />;
}
