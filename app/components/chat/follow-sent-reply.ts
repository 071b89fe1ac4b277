import type { ClientActionFunctionArgs } from "@remix-run/react";
import { followReply, unfollowReply } from "./use-completion-stream";

/** The intents whose accepted request starts a reply with the form's request id as its completion id. */
const STARTS_A_REPLY = new Set(["send", "quick-action", "regenerate", "edit"]);

/** The chat's own page: an accepted request. A refusal that redirects (the key dialog) carries a query. */
const CHAT_PAGE = /^\/chat\/[^/?#]+$/;

/** The completion id a request would start a reply under; null when it starts none or will be refused as empty. */
function replyIdOf(form: FormData): string | null {
  const requestId = form.get("requestId");
  const content = form.get("content");
  if (typeof requestId !== "string" || !STARTS_A_REPLY.has(String(form.get("intent") ?? "send"))) return null;
  return typeof content === "string" && content.trim() === "" ? null : requestId;
}

/**
 * The chat routes' client action (JavaScript on; without it the form posts to the server action alone). The
 * reply's stream opens together with the send (the server holds it until the reply starts, `?pending=1`), so
 * the first token does not wait for the send's answer, nor for the chat's data to reload after it (the browser
 * path of docs/benchmarks.md §4). The reloaded page shows the same stream (`useCompletionStream` shares it), so
 * nothing is fetched twice. A refused send closes it.
 */
export async function followSentReply({ request, serverAction }: ClientActionFunctionArgs) {
  const replyId = replyIdOf(await request.clone().formData());
  // The send leaves first, so the server has it in hand when the stream that waits for it arrives.
  const sent = serverAction();
  if (replyId) followReply(replyId, { pending: true });
  let accepted = false;
  try {
    return await sent;
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("Location") : null;
    accepted = Boolean(location && CHAT_PAGE.test(location));
    throw thrown;
  } finally {
    if (replyId && !accepted) unfollowReply(replyId);
  }
}
