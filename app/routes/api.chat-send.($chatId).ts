import type { ActionFunctionArgs } from "@remix-run/node";
import { handleChatActionAsStream } from "~/modules/completions/chat-intents.server";

/** POST /api/chat-send/:chatId? — the chat forms as the page's script sends them: a started reply streams back. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleChatActionAsStream(request, params.chatId ?? null);
