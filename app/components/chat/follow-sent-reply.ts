import type { ClientActionFunctionArgs } from "@remix-run/react";
import { redirect } from "@remix-run/react";
import type { AcceptedEventData } from "#contract/lifecycle";
import { acceptedAt, forgetReply, replyStarted, sendReply } from "./reply-store";

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

type SendAnswer = AcceptedEventData | Response;

/** The chat a send's accepted answer names (`/chat/:chatId`). */
const ACCEPTED_CHAT = /^\/chat\/([^/?#]+)$/;

/**
 * Stops the reply of a send still on its way, which Stop offers from the moment it is sent: once the send is
 * accepted (a stop sent sooner could arrive before the reply exists), the chat's own stop, as the Stop form
 * posts it. Nothing to stop for a send that was refused. The reply's `stopped` end then takes the page on.
 */
export async function stopSentReply(requestId: string): Promise<void> {
  const chatId = ACCEPTED_CHAT.exec((await acceptedAt(requestId)) ?? "")?.[1];
  if (!chatId) return;
  const response = await fetch(chatSendUrl(chatId), {
    method: "POST",
    body: new URLSearchParams({ intent: "stop", completionId: requestId }),
  });
  if (!response.ok) throw new Error(`The stop was refused: ${response.status}`);
}

/** The send the composer started at its submit and is handing to the router, for the client action to follow. */
let handedOn: { requestId: string; answer: Promise<SendAnswer> } | null = null;

/** How the composer's send goes back to the router once its first text is painted. */
export interface RouterHandOff {
  /** The router's submission of the form, which the client action follows (the page goes on to the chat). */
  submit: (form: FormData) => void;
  /** Reloads the page's data: the page the user went to meanwhile learns of the chat the send made. */
  revalidate: () => void;
  /** Whether the router is idle: a navigation the user started meanwhile is not taken over. */
  isIdle: () => boolean;
}

const pageNow = () => `${location.pathname}${location.search}`;

/**
 * Starts the composer's send at its submit event, and hands the form to the router once the reply's first
 * text is painted, or at once when the answer is no event stream (a refusal, a redirect) or broke. The
 * router's submission re-renders the whole page (the sidebar, every route's component); started first, it held
 * the first token back by ~10–30 ms (docs/decisions/0015-chat-send-before-the-router.md). Resolves once the
 * form is handed on; null for a form that starts no reply (stop): the router submits it as usual.
 */
export function sendAtSubmit(
  form: FormData,
  chatId: string | undefined,
  router: RouterHandOff,
): Promise<void> | null {
  const requestId = replyRequestId(form);
  if (!requestId) return null;
  const page = pageNow();
  const answer = sendReply(chatSendUrl(chatId), form, requestId);
  return answer
    .then(
      (answered) =>
        answered instanceof Response ? false : replyStarted(requestId, FIRST_TEXT_WAIT_MS).then(() => true),
      // A failure is the client action's to handle, as if it had sent the form itself; it may have been taken.
      () => true,
    )
    .then((mayBeTaken) => {
      if (pageNow() === page && router.isIdle()) {
        handedOn = { requestId, answer };
        return router.submit(form);
      }
      // Left for another page meanwhile: the reply goes on without this one, which is not brought back.
      if (!mayBeTaken) forgetReply(requestId);
      else router.revalidate();
    })
    .catch(() => forgetReply(requestId));
}

/**
 * The chat routes' client action (JavaScript on; without it the form posts to the server action alone). A
 * request that starts a reply goes to `/api/chat-send`, which decides it as the server action does and answers
 * an accepted one with the reply's event stream, with no second request before the first token. The page goes
 * on to the chat (its data reloads) once the reply shows its first text, so the reload does not compete with it.
 */
export async function followSentReply({ request, params, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  const requestId = replyRequestId(form);
  if (!requestId) return serverAction();
  const started = handedOn?.requestId === requestId ? handedOn.answer : null;
  handedOn = null;
  let answer: SendAnswer;
  try {
    answer = await (started ?? sendReply(chatSendUrl(params.chatId), form, requestId));
  } catch {
    // The answer broke before it said whether the send was taken: the form's own action asks again, and the
    // request id makes the repeat the same request, never a second one.
    return serverAction();
  }
  if (!(answer instanceof Response)) {
    // The page shows the question and the live reply meanwhile (`ChatView`); the chat's reload comes after.
    // A send the composer handed on has had its wait already: a vendor slow to start costs it once.
    if (!started) await replyStarted(requestId, FIRST_TEXT_WAIT_MS);
    return redirect(answer.location);
  }
  // Refused: the page stays, with the form's errors and no question.
  forgetReply(requestId);
  if (!answer.headers.get("Content-Type")?.startsWith("application/json")) return serverAction();
  const body = (await answer.json()) as { location?: string };
  // A redirect's target (the sign-in, the key dialog), or the form's refusal with its errors.
  return body.location ? redirect(body.location) : body;
}
