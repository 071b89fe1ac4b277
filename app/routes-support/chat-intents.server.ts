/**
 * The actions of the chat screen's forms, by intent: send (also a quick-action chip), regenerate, edit and
 * resend, show another version (branch), stop. Each parses with zod, calls one module function, and redirects to the chat (POST-redirect-GET)
 * or answers 4xx with the form's errors, so every one works without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "./auth.server";
import { messages, toasts } from "~/modules/texts/catalogue";
import { redirectWithToast, toastHeaders } from "./toast.server";
import type { ToastInput } from "~/modules/toast/toast";
import { completionEventStream } from "~/modules/completions/relay.server";
import { readFormData } from "~/utils/http.server";
import {
  editAndResend,
  regenerateReply,
  SendRefusedError,
  sendMessage,
  showBranch,
  stopReply,
  switchModel,
} from "~/modules/completions/completions.server";
import type { QUICK_ACTIONS } from "~/modules/completions/quick-actions";
import { QUICK_ACTION_KEYS } from "~/modules/completions/quick-actions";
import { quickActionRequest } from "~/modules/completions/quick-action-request";
import { webMetrics } from "~/utils/metrics.server";
import { webEnv } from "~/utils/env.server";
import {
  AttachmentRefusal,
  prepareAttachments,
  uploadReader,
} from "~/modules/attachments/attachments.server";
import { filesOf } from "~/modules/attachments/form-files";
import { perLocale, translate } from "~/modules/i18n/translate";

export const MAX_MESSAGE_BYTES = 32 * 1024;

const messageText = () =>
  z
    .string({ required_error: messages.messageRequired })
    .trim()
    .min(1, messages.messageRequired)
    .refine((text) => new TextEncoder().encode(text).length <= MAX_MESSAGE_BYTES, messages.messageTooLong)
    // A form posted as multipart (one carrying files) sends its line breaks as CRLF: stored as typed.
    .transform((text) => text.replace(/\r\n?/g, "\n"));
const requestId = () =>
  z.string({ required_error: messages.requestIdMissing }).uuid(messages.requestIdInvalid);

/** The message a form acts on: a question to edit or ask again, a version to show. */
const messageId = () => z.string({ required_error: messages.messageMissing }).uuid(messages.messageMissing);

export const chatActionSchema = perLocale(() =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("send"),
      content: messageText(),
      requestId: requestId(),
      model: z.string().max(200).optional(),
    }),
    z.object({
      intent: z.literal("quick-action"),
      action: z.enum(QUICK_ACTION_KEYS as [string, ...string[]]),
      requestId: requestId(),
    }),
    z.object({ intent: z.literal("regenerate"), requestId: requestId(), questionId: messageId() }),
    z.object({
      intent: z.literal("edit"),
      content: messageText(),
      requestId: requestId(),
      questionId: messageId(),
    }),
    z.object({ intent: z.literal("branch"), messageId: messageId() }),
    z.object({ intent: z.literal("stop"), completionId: z.string().uuid() }),
    z.object({
      intent: z.literal("model"),
      model: z.string({ required_error: messages.chooseModel }).min(1).max(200),
    }),
  ]),
);

/**
 * The schema with Conform's form-value coercion, built once per language: `parseWithZod` would rebuild it on every call
 * (~0.7 ms of the web's CPU per send, against ~0.07 ms to parse with the built one).
 */
const chatActionForm = perLocale(() => coerceFormValue(chatActionSchema()));

/** The chat's page, or the new chat's. */
const chatPage = (chatId: string | null) => (chatId ? `/chat/${chatId}` : "/chat");

/** A reply a request started; `queued` when this request stored it (not a repeated request id). */
interface StartedReply {
  userId: string;
  completionId: string;
  queued?: boolean;
}

/**
 * What a chat form's request came to: a page to go to (the chat, after an accepted request; the key dialog),
 * with its toast, and the reply it started when it started one; or the form's errors with their status.
 */
type ChatOutcome =
  | { to: string; toast?: ToastInput; started?: StartedReply }
  | { result: SubmissionResult<string[]>; status: number };

/** `backTo`: the page a signed-out sender signs in to come back to, when not the request's own URL. */
async function decideChatAction(
  request: Request,
  chatId: string | null,
  backTo?: string,
): Promise<ChatOutcome> {
  const session = await requireUser(request, backTo);
  const uploads = uploadReader(webEnv().attachments);
  const formData = await readFormData(request, uploads);
  if (!formData.has("intent")) formData.set("intent", "send");
  const submission = parseWithZod(formData, { schema: chatActionForm(), disableAutoCoercion: true });
  if (submission.status !== "success") return { result: submission.reply(), status: 400 };
  const input = submission.value;
  const userId = session.user.id;
  try {
    switch (input.intent) {
      case "send": {
        const refused = uploads.refusal();
        if (refused) throw refused;
        const attachments = await prepareAttachments(filesOf(formData), webEnv().attachments);
        const sent = await sendMessage(session, { ...input, attachments }, chatId);
        return {
          to: chatPage(sent.chatId),
          started: { userId, completionId: sent.completionId, queued: !sent.repeated },
        };
      }
      case "quick-action": {
        const action = input.action as keyof typeof QUICK_ACTIONS;
        const sent = await sendMessage(
          session,
          { ...quickActionRequest(action), requestId: input.requestId, action },
          chatId,
        );
        return {
          to: chatPage(sent.chatId),
          toast: { type: "info", ...toasts.startingAction(translate(`chat:quickActions.actions.${action}`)) },
          started: { userId, completionId: sent.completionId, queued: !sent.repeated },
        };
      }
      case "model": {
        if (!chatId) return { to: `/chat?${new URLSearchParams({ model: input.model })}` };
        const { resent } = await switchModel(session, chatId, input.model);
        return { to: chatPage(chatId), toast: { type: "success", ...toasts.modelChanged(resent) } };
      }
      case "regenerate":
      case "edit":
      case "branch":
      case "stop": {
        if (!chatId)
          return { result: submission.reply({ formErrors: [messages.nothingToEdit] }), status: 400 };
        if (input.intent === "stop") {
          await stopReply(session, chatId, input.completionId);
          return { to: chatPage(chatId) };
        }
        if (input.intent === "branch") {
          await showBranch(session, chatId, input.messageId);
          // At the version shown, which the page scrolls to, as a search result's link does.
          return { to: `${chatPage(chatId)}#message-${input.messageId}` };
        }
        if (input.intent === "regenerate") await regenerateReply(session, chatId, input);
        else await editAndResend(session, chatId, input);
        return { to: chatPage(chatId), started: { userId, completionId: input.requestId } };
      }
    }
  } catch (error) {
    if (error instanceof AttachmentRefusal) {
      webMetrics().replyRequests.inc({ outcome: "attachment" });
      return { result: submission.reply({ formErrors: [error.message] }), status: error.status };
    }
    if (!(error instanceof SendRefusedError)) throw error;
    webMetrics().replyRequests.inc({ outcome: error.reason });
    return { result: submission.reply({ formErrors: [error.message] }), status: error.status };
  }
}

/** The chat forms' action: POST-redirect-GET to the page the request came to, or 4xx with the form's errors. */
export async function handleChatAction(request: Request, chatId: string | null) {
  const outcome = await decideChatAction(request, chatId);
  if ("result" in outcome) return data(outcome.result, { status: outcome.status });
  return outcome.toast ? redirectWithToast(request, outcome.to, outcome.toast) : redirect(outcome.to);
}

/**
 * The same forms sent by the chat page's script (POST /api/chat-send): the same decisions, but a request
 * that starts a reply is answered with the reply's event stream itself, opened by an `accepted` event naming
 * the page to show, so the first token needs no second request. Any other outcome is JSON: `{ location }` to
 * go to (a sign-in, the key dialog, a model switched) or the form's result with its 4xx.
 */
export async function handleChatActionAsStream(request: Request, chatId: string | null): Promise<Response> {
  let outcome: ChatOutcome;
  try {
    // A signed-out sender signs in with the chat as the way back, not this endpoint. Passed as a path: a
    // request made anew for the chat's URL would pipe the body through another stream (~0.1 ms a send).
    outcome = await decideChatAction(request, chatId, chatPage(chatId));
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("Location") : null;
    if (!location) throw thrown;
    // Signed out: the sign-in page, its toast cookie carried along.
    const cookie = (thrown as Response).headers.get("Set-Cookie");
    return Response.json({ location }, { headers: cookie ? { "Set-Cookie": cookie } : undefined });
  }
  if ("result" in outcome) return Response.json(outcome.result, { status: outcome.status });
  const headers = outcome.toast ? await toastHeaders(request, outcome.toast) : undefined;
  if (!outcome.started) return Response.json({ location: outcome.to }, { headers });
  const { userId, completionId, queued } = outcome.started;
  return completionEventStream(userId, completionId, {
    signal: request.signal,
    acceptedAt: outcome.to,
    headers,
    queued,
  });
}
