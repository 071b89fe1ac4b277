import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/routes-support/auth.server";
import { downloadResponse, exportFormatSchema } from "~/modules/chats/chat-export.server";
import { chatTexts } from "~/modules/chats/chat-messages";
import { chatForDownload } from "~/modules/chats/chats.server";
import { db } from "~/modules/server-context.server";

/**
 * GET /chat/:chatId/download?format=txt|md|json: the chat as a file (docs/product.md §6); text by default.
 * Someone else's chat is a 404; an unknown format a 400.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const format = exportFormatSchema.safeParse(new URL(request.url).searchParams.get("format") ?? undefined);
  if (!format.success)
    return new Response(chatTexts.unknownFormat, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return downloadResponse(await chatForDownload(db(), session.user, params.chatId ?? ""), format.data);
}
