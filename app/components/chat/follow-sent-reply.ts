import type { ClientActionFunctionArgs } from "@remix-run/react";
import { followReply } from "./use-completion-stream";

/** The intents whose accepted request starts a reply with the form's request id as its completion id. */
const STARTS_A_REPLY = new Set(["send", "quick-action", "regenerate", "edit"]);

/** The chat's own page: an accepted request. A refusal that redirects (the key dialog) carries a query. */
const CHAT_PAGE = /^\/chat\/[^/?#]+$/;

/**
 * The chat routes' client action (JavaScript on; without it the form posts to the server action alone). The
 * server action stores the request and redirects to the chat; the moment it has, the reply's stream opens,
 * while the chat's data reloads, instead of after (the browser path of docs/benchmarks.md §4). The reloaded
 * page shows the same stream (`useCompletionStream` shares it), so nothing is fetched twice.
 */
export async function followSentReply({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (thrown) {
    const requestId = form.get("requestId");
    const location = thrown instanceof Response ? thrown.headers.get("Location") : null;
    if (
      location &&
      CHAT_PAGE.test(location) &&
      typeof requestId === "string" &&
      STARTS_A_REPLY.has(String(form.get("intent") ?? "send"))
    )
      followReply(requestId);
    throw thrown;
  }
}
