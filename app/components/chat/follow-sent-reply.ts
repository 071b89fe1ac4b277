import type { ClientActionFunctionArgs } from "@remix-run/react";
import { redirect } from "@remix-run/react";
import { routerStateNow, type RouterState } from "../router-now";
import { replyStarted, sendAndFollow } from "./use-completion-stream";

/**
 * How long an accepted send waits for its reply's first text before the page goes on to the chat: a vendor
 * that is slow to start must not keep the page on "Sending..." for long.
 */
const FIRST_TEXT_WAIT_MS = 1_000;

/** The intents whose accepted request starts a reply with the form's request id as its completion id. */
const STARTS_A_REPLY = new Set(["send", "quick-action", "regenerate", "edit"]);

/** The request id of a form that starts a reply, else null. */
function replyRequestId(form: FormData): string | null {
  const requestId = form.get("requestId");
  return typeof requestId === "string" && STARTS_A_REPLY.has(String(form.get("intent") ?? "send"))
    ? requestId
    : null;
}

const chatSendUrl = (chatId: string | undefined) => `/api/chat-send${chatId ? `/${chatId}` : ""}`;

/** Sends the composer started at its submit, by request id, until the client action takes them up. */
const startedSends = new Map<string, ReturnType<typeof sendAndFollow>>();

/**
 * Starts the composer's send at its submit event. The router calls the client action only after rendering the
 * submission and painting it (~12 ms on a long chat); the send goes out meanwhile, and the client action
 * follows this one instead of sending again (docs/benchmarks.md §4d).
 */
export function sendAtSubmit(form: FormData, chatId: string | undefined) {
  const requestId = replyRequestId(form);
  if (!requestId) return;
  const sent = sendAndFollow(chatSendUrl(chatId), form, requestId);
  // Its failure is the client action's to handle, as if it had sent it itself.
  sent.catch(() => undefined);
  startedSends.set(requestId, sent);
}

/**
 * The form a client action was submitted with. While a navigation's action runs, the router holds that
 * submission's form data; reading it from the request means cloning the request's body, ~2 ms of the page's
 * thread in every send (docs/benchmarks.md §4g). A submission the navigation does not describe (a fetcher's)
 * is read from the request.
 */
export function submittedForm(
  request: Request,
  navigation: RouterState["navigation"] | undefined,
): FormData | Promise<FormData> {
  const { pathname, search } = new URL(request.url);
  const form = navigation?.formData;
  const described =
    navigation?.formMethod?.toUpperCase() === request.method &&
    navigation.formAction === `${pathname}${search}`;
  return form && described ? form : request.clone().formData();
}

/**
 * The chat routes' client action (JavaScript on; without it the form posts to the server action alone). A
 * request that starts a reply goes to `/api/chat-send`, which decides it as the server action does and answers
 * an accepted one with the reply's event stream, with no second request before the first token. The page goes
 * on to the chat (its data reloads) once the reply shows its first text, so the reload does not compete with it
 * (the browser path of docs/benchmarks.md §4c). The reloaded page shows the same stream
 * (`useCompletionStream` shares it).
 */
export async function followSentReply({ request, params, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request, routerStateNow()?.navigation);
  const requestId = replyRequestId(form);
  if (!requestId) return serverAction();
  const started = startedSends.get(requestId);
  startedSends.delete(requestId);
  let answer: Awaited<ReturnType<typeof sendAndFollow>>;
  try {
    answer = await (started ?? sendAndFollow(chatSendUrl(params.chatId), form, requestId));
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
