/**
 * POST /api/chat-send/:chatId? — the chat page's send with JavaScript on: the chat forms' decisions, answered
 * with the reply's event stream itself when the request starts one, so the first token needs no second
 * request (routes-support/chat-intents.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleChatActionAsStream } from "~/routes-support/chat-intents.server";

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleChatActionAsStream(request, params.chatId ?? null);
