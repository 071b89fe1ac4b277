import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/routes-support/auth.server";
import { attempt } from "~/modules/chats/chat-actions.server";
import { chatTexts, chatToasts } from "~/modules/chats/chat-messages";
import { archiveAllChats, restoreAllChats } from "~/modules/chats/chats.server";
import { archiveChatsSchema } from "~/modules/chats/schemas";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/http.server";

/** There is nothing to show here: the settings dialog posts to it. */
export const loader = () => redirect("/chat");

/** POST /chat/archive: `intent=archive` hides all the user's chats (restorable), `intent=restore` brings them back. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: archiveChatsSchema() });
  if (submission.status !== "success") {
    return new Response(chatTexts.intentRequired, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { intent, redirectTo } = submission.value;
  const target = safeRedirect(redirectTo, "/chat");
  const result = await attempt(`${intent}-chats`, { userId: session.user.id }, () =>
    intent === "archive" ? archiveAllChats(db(), session.user.id) : restoreAllChats(db(), session.user.id),
  );
  if (!result.ok) {
    const failure = intent === "archive" ? chatToasts.archiveFailed : chatToasts.restoreFailed;
    return redirectWithToast(request, target, { type: "destructive", ...failure });
  }
  const toast = intent === "archive" ? chatToasts.archived : chatToasts.restored;
  return redirectWithToast(request, target, { type: "success", ...toast });
}
