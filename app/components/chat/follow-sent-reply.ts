import type { ClientActionFunctionArgs } from "@remix-run/react";
import { redirect } from "@remix-run/react";
import { replyStarted, sendAndFollow } from "./use-completion-stream";

/**
 * How long an accepted send waits for its reply's first text before the page goes on to the chat: a vendor
 * that is slow to start must not keep the page on "Sending..." for long.
 */
const FIRST_TEXT_WAIT_MS = 1_000;

/** The intents whose accepted request starts a reply with the form's request id as its completion id. */
const STARTS_A_REPLY = new Set(["send", "quick-action", "regenerate", "edit"]);

/**
 * The chat routes' client action (JavaScript on; without it the form posts to the server action alone). A
 * request that starts a reply goes to `/api/chat-send`, which decides it as the server action does and answers
 * an accepted one with the reply's event stream, with no second request before the first token. The page goes
 * on to the chat (its data reloads) once the reply shows its first text, so the reload does not compete with it
 * (the browser path of docs/benchmarks.md §4c). The reloaded page shows the same stream
 * (`useCompletionStream` shares it).
 */
export async function followSentReply({ request, params, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  const requestId = form.get("requestId");
  if (typeof requestId !== "string" || !STARTS_A_REPLY.has(String(form.get("intent") ?? "send")))
    return serverAction();
  let answer: Awaited<ReturnType<typeof sendAndFollow>>;
  try {
    answer = await sendAndFollow(
      `/api/chat-send${params.chatId ? `/${params.chatId}` : ""}`,
      form,
      requestId,
    );
  } catch {
    // The answer broke before it said whether the send was taken: the form's own action asks again, and the
    // request id makes the repeat the same request, never a second one.
    return serverAction();
  }
  if (!(answer instanceof Response)) {
    // The page shows the question and the live reply meanwhile (`ChatView`); the chat's reload comes after.
    await replyStarted(requestId, FIRST_TEXT_WAIT_MS);
    return redirect(answer.location);
  }
  if (!answer.headers.get("Content-Type")?.startsWith("application/json")) return serverAction();
  const body = (await answer.json()) as { location?: string };
  // A redirect's target (the sign-in, the key dialog), or the form's refusal with its errors.
  return body.location ? redirect(body.location) : body;
}
