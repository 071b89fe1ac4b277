import type { ClientActionFunctionArgs } from "@remix-run/react";
import { redirect } from "@remix-run/react";
import { useSyncExternalStore } from "react";
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

/** A send the composer started at its submit: its form, and the answer the client action will follow. */
interface SentAtSubmit {
  form: FormData;
  answer: ReturnType<typeof sendAndFollow>;
}

/** The send the composer started at its submit, by request id, until the next one (or a refusal, or the user left). */
const startedSends = new Map<string, SentAtSubmit>();
const startedListeners = new Set<() => void>();

const startedChanged = () => startedListeners.forEach((listener) => listener());

/** Drops a send from the page's view of it: it was refused, or the router will not take it up (the page was left). */
function forgetSentAtSubmit(requestId: string) {
  if (startedSends.delete(requestId)) startedChanged();
}

/** How the composer's send goes back to the router once its first text is painted. */
export interface RouterHandOff {
  /** The router's submission of the form, which the client action follows (the page goes on to the chat). */
  submit: (form: FormData) => void;
  /** Reloads the page's data: the page the user went to meanwhile learns of the chat the send made. */
  revalidate: () => void;
}

const pageNow = () => `${location.pathname}${location.search}`;

/**
 * Starts the composer's send at its submit event, and hands the form to the router once the reply's first
 * text is painted, or at once when the answer is no event stream (a refusal, a redirect) or broke. The router's
 * submission re-renders the whole page (the sidebar, every route's component) and ran while the answer was on
 * its way, holding its first token back by ~10–30 ms; the page shows the send
 * meanwhile from here (`useSentAtSubmit`), and the client action follows this send instead of sending again.
 * Resolves once the form is handed on; null for a form that starts no reply (stop): the router submits it as
 * usual.
 */
export function sendAtSubmit(
  form: FormData,
  chatId: string | undefined,
  router: RouterHandOff,
): Promise<void> | null {
  const requestId = replyRequestId(form);
  if (!requestId) return null;
  const page = pageNow();
  const answer = sendAndFollow(chatSendUrl(chatId), form, requestId);
  // One send at a time from the composer: an earlier one is over, its page's data reloaded.
  startedSends.clear();
  startedSends.set(requestId, { form, answer });
  startedChanged();
  return (
    answer
      .then(
        (answered) =>
          answered instanceof Response ? false : replyStarted(requestId, FIRST_TEXT_WAIT_MS).then(() => true),
        // A failure is the client action's to handle, as if it had sent the form itself; it may have been taken.
        () => true,
      )
      .then((mayBeTaken) => {
        if (pageNow() === page && routerStateNow()?.navigation.state === "idle") return router.submit(form);
        // Left for another page meanwhile: the reply goes on without this one, which is not brought back.
        forgetSentAtSubmit(requestId);
        if (mayBeTaken) router.revalidate();
      })
      // The box must not stay on "Sending..." for a submission that could not be made.
      .catch(() => forgetSentAtSubmit(requestId))
  );
}

/** The form of the send the composer started at its submit for this request id. */
export const sentAtSubmit = (requestId: string): FormData | undefined => startedSends.get(requestId)?.form;

function onStartedChange(listener: () => void) {
  startedListeners.add(listener);
  return () => startedListeners.delete(listener);
}

/** `sentAtSubmit`, for a component, which re-renders when it changes; undefined for a null request id. */
export function useSentAtSubmit(requestId: string | null): FormData | undefined {
  return useSyncExternalStore(
    onStartedChange,
    () => (requestId === null ? undefined : sentAtSubmit(requestId)),
    () => undefined,
  );
}

/**
 * The form a client action was submitted with. While a navigation's action runs, the router holds that
 * submission's form data; reading it from the request means cloning the request's body, ~2 ms of the page's
 * thread in every send. A submission the navigation does not describe (a fetcher's)
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
 * (one request for the send and its reply). The reloaded page shows the same stream
 * (`useCompletionStream` shares it).
 */
export async function followSentReply({ request, params, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request, routerStateNow()?.navigation);
  const requestId = replyRequestId(form);
  if (!requestId) return serverAction();
  const result = await follow(form, requestId, params.chatId, serverAction);
  // Refused: the page stays, with the form's errors and no question. Otherwise the page shows the send from
  // here until its data has reloaded (a new request id then): dropped at once, it left the screen for the
  // moment before React rendered the router's navigation, which holds the same form.
  if (!(result instanceof Response)) forgetSentAtSubmit(requestId);
  return result;
}

async function follow(
  form: FormData,
  requestId: string,
  chatId: string | undefined,
  serverAction: ClientActionFunctionArgs["serverAction"],
) {
  const started = startedSends.get(requestId)?.answer;
  let answer: Awaited<ReturnType<typeof sendAndFollow>>;
  try {
    answer = await (started ?? sendAndFollow(chatSendUrl(chatId), form, requestId));
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
