import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/session.server";
import { downloadResponse } from "~/modules/chats/chat-export.server";
import { chatForDownload } from "~/modules/chats/chats.server";
import { db } from "~/modules/server-context.server";

/** GET /chat/:chatId/download: the chat as a text file (docs/product.md §6). Someone else's chat is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  return downloadResponse(await chatForDownload(db(), session.user, params.chatId ?? ""));
}
