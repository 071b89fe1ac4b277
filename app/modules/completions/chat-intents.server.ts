/**
 * The actions of the chat screen's forms, by intent: send (also a quick-action chip), regenerate, edit and
 * resend, stop. Each parses with zod, calls one module function, and redirects to the chat (POST-redirect-GET)
 * or answers 4xx with the form's errors, so every one works without JavaScript.
 */
import { parseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "../auth/session.server";
import { messages, toasts } from "../errors/catalogue";
import { redirectWithToast } from "../toast/toast.server";
import { readFormData } from "~/utils/http.server";
import {
  editAndResend,
  regenerateReply,
  SendRefusedError,
  sendMessage,
  stopReply,
  switchModel,
} from "./completions.server";
import type { QUICK_ACTIONS } from "./quick-actions";
import { QUICK_ACTION_KEYS, quickActionRequest } from "./quick-actions";
import { webMetrics } from "~/utils/metrics.server";
import { perLocale, translate } from "../i18n/translate";

export const MAX_MESSAGE_BYTES = 32 * 1024;

const messageText = () =>
  z
    .string({ required_error: messages.messageRequired })
    .trim()
    .min(1, messages.messageRequired)
    .refine((text) => new TextEncoder().encode(text).length <= MAX_MESSAGE_BYTES, messages.messageTooLong);
const requestId = () =>
  z.string({ required_error: messages.requestIdMissing }).uuid(messages.requestIdInvalid);

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
    z.object({ intent: z.literal("regenerate"), requestId: requestId() }),
    z.object({ intent: z.literal("edit"), content: messageText(), requestId: requestId() }),
    z.object({ intent: z.literal("stop"), completionId: z.string().uuid() }),
    z.object({
      intent: z.literal("model"),
      model: z.string({ required_error: messages.chooseModel }).min(1).max(200),
    }),
  ]),
);

/**
 * The schema with Conform's form-value coercion, built once per language: `parseWithZod` would rebuild it on every call
 * (~0.7 ms of the web's CPU per send, against ~0.07 ms to parse with the built one; docs/benchmarks.md).
 */
const chatActionForm = perLocale(() => coerceFormValue(chatActionSchema()));

/** The chat (or the new chat, keeping its chosen model) with the key dialog open. */
function keyDialogUrl(chatId: string | null, model: string | undefined) {
  const params = new URLSearchParams();
  if (!chatId && model) params.set("model", model);
  params.set("apikey", "edit");
  return `${chatId ? `/chat/${chatId}` : "/chat"}?${params}`;
}

export async function handleChatAction(request: Request, chatId: string | null) {
  const session = await requireUser(request);
  const formData = await readFormData(request);
  if (!formData.has("intent")) formData.set("intent", "send");
  const submission = parseWithZod(formData, { schema: chatActionForm(), disableAutoCoercion: true });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const chatUrl = (id: string) => `/chat/${id}`;
  try {
    switch (input.intent) {
      case "send":
        return redirect(chatUrl((await sendMessage(session, input, chatId)).chatId));
      case "quick-action": {
        const action = input.action as keyof typeof QUICK_ACTIONS;
        const sent = await sendMessage(
          session,
          { ...quickActionRequest(action), requestId: input.requestId, action },
          chatId,
        );
        return redirectWithToast(request, chatUrl(sent.chatId), {
          type: "info",
          ...toasts.startingAction(translate(`chat:quickActions.actions.${action}`)),
        });
      }
      case "model": {
        if (!chatId) return redirect(`/chat?${new URLSearchParams({ model: input.model })}`);
        const { resent } = await switchModel(session, chatId, input.model);
        return redirectWithToast(request, chatUrl(chatId), {
          type: "success",
          ...toasts.modelChanged(resent),
        });
      }
      case "regenerate":
      case "edit":
      case "stop": {
        if (!chatId) return data(submission.reply({ formErrors: [messages.nothingToEdit] }), { status: 400 });
        if (input.intent === "regenerate") await regenerateReply(session, chatId, input.requestId);
        else if (input.intent === "edit") await editAndResend(session, chatId, input);
        else await stopReply(session, chatId, input.completionId);
        return redirect(chatUrl(chatId));
      }
    }
  } catch (error) {
    if (!(error instanceof SendRefusedError)) throw error;
    webMetrics().replyRequests.inc({ outcome: error.reason });
    // docs/product.md §4: sending without the key replies need opens the key dialog, on the chat's own URL.
    if (error.reason === "key")
      return redirect(keyDialogUrl(chatId, "model" in input ? input.model : undefined));
    return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }
}
