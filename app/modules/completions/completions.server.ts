/**
 * Asking for replies: sending a message, a quick action, regenerating, editing and resending, and resending
 * after a model switch. Every path checks the same rules (role, plan limits, key) inside the write
 * transaction that stores the request, so parallel requests cannot exceed a limit, then enqueues one job
 * whose id is the completion id.
 */
import { v7 as uuidv7 } from "uuid";
import { insertChatMessage, insertQueuedCompletion } from "#db/chat-writes";
import type { RequestOptions } from "#contract/request-options";
import { lockUserRow, type Db } from "#db/database";
import { nowIso, type Plan } from "#db/schema";
import { canUseModel } from "#db/plans";
import { readPlanLimits } from "#db/system-settings";
import { logContext, noteCompletionId } from "#platform/log-context";
import { completionJobOptions, type CompletionJob } from "#contract/jobs";
import type { SessionUser } from "../auth/session.server";
import { createChat, requireChat } from "../chats/chats.server";
import { chatTitleFrom } from "../chats/titles";
import { failureMessage, messages } from "../texts/catalogue";
import { Refusal } from "../errors/refusal";
import { listModels, resolveModelId } from "../models/models.server";
import { serverContext } from "../server-context.server";
import { canAnswer } from "#db/vendors";
import { isActive } from "#contract/lifecycle";
import { countContentTokens, messageTokens } from "#contract/context-window";
import { promptBudget } from "#contract/model-window";
import type { AiModel } from "#db/schema";
import { activeCompletionIds } from "#db/active-completions";
import { notFound } from "~/utils/http.server";
import { webLogger } from "~/utils/logger.server";
import { webEnv } from "~/utils/env.server";
import { webMetrics } from "~/utils/metrics.server";
import { mustConfirmEmail } from "../auth/email-verification.server";
import { requestStops } from "./stop.server";
import {
  assertAttachmentsFit,
  storeAttachments,
  type PreparedAttachment,
} from "../attachments/attachments.server";
import {
  DEFAULT_TEMPERATURE,
  QUICK_ACTIONS,
  quickActionModel,
  splitSystemPrefix,
  type QuickActionKey,
} from "./quick-actions";

/** A transaction is a Kysely too; these helpers run inside one. */
type Trx = Db;

export type RefusalReason =
  | "restricted"
  | "unconfirmed"
  | "limit"
  | "inFlight"
  | "model"
  | "setup"
  | "busy"
  | "state"
  | "conflict"
  | "tooLong";

export class SendRefusedError extends Refusal<400 | 403 | 409 | 429 | 503> {
  constructor(
    message: string,
    status: SendRefusedError["status"],
    readonly reason: RefusalReason,
  ) {
    super(message, status);
  }
}

const RESEND_DELAY_MS = 800;

/**
 * Starter users' replies in the last 24 hours, from the usage ledger: each request for a reply counts, as each
 * costs a vendor call, and deleting a chat gives none back. A reply that failed before any of its text arrived
 * gave the user nothing, so it is not counted: the vendors' fault does not cost one of three messages.
 */
async function repliesToday(trx: Trx, userId: string) {
  const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const row = await trx
    .selectFrom("usage_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("created_at", ">", since)
    .where((eb) => eb.not(eb.and([eb("status", "=", "error"), eb("ttft_ms", "is", null)])))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A Starter user's replies left and the daily allowance the admin set; null on a plan without a limit. */
export async function messagesLeftToday(
  db: Db,
  userId: string,
  plan: Plan,
): Promise<{ left: number; limit: number } | null> {
  if (plan === "professional") return null;
  const [{ starterDailyReplies: limit }, used] = await Promise.all([
    readPlanLimits(db),
    repliesToday(db, userId),
  ]);
  return { left: Math.max(0, limit - used), limit };
}

/** The model a request will use, refused when it is not one the user's plan allows. */
async function chooseModel(db: Db, plan: Plan, requested: string | null | undefined) {
  const models = await listModels(db);
  const modelId = resolveModelId(models, requested);
  const model = models.find((m) => m.model_id === modelId);
  if (!model) throw new SendRefusedError(messages.noModels, 503, "model");
  if (!canUseModel(plan, model))
    throw new SendRefusedError(messages.proModel(model.display_name), 403, "model");
  return model;
}

/**
 * Refuses, before anything is stored or queued, a question that alone cannot fit the model's window less the
 * reply's room: no vendor would take it (docs/product.md §2 'Context windows'). The worker still checks the
 * question with the system message it sends. It takes the question's count, counted once per send and outside
 * the write transaction, which would otherwise be held while the tokenizer works.
 */
function assertQuestionFits(model: AiModel, questionTokens: number, maxTokens: number | null = null) {
  const window = { contextWindow: model.context_window, replyReserve: model.reply_reserve };
  if (messageTokens(questionTokens) > promptBudget(window, maxTokens))
    throw new SendRefusedError(failureMessage({ code: "context_length" }), 400, "tooLong");
}

/**
 * The checks every request for a reply passes, under the user's row lock so parallel requests cannot pass a
 * limit together. Resolves with the job's priority: its place among the user's replies in flight. The worker
 * takes lower numbers first, so every user's first reply goes ahead of anyone's second: round robin across
 * users rather than first come, first served, and one user's flood cannot hold another's reply back
 * (ADR 0017).
 */
async function assertMayAsk(trx: Trx, session: SessionUser): Promise<number> {
  if (session.roles.includes("restricted"))
    throw new SendRefusedError(messages.restricted, 403, "restricted");
  if (mustConfirmEmail(session.user))
    throw new SendRefusedError(messages.emailUnverified, 403, "unconfirmed");
  // Until a vendor can answer, the request would only fail in the worker: say the service is not set up.
  if (!(await canAnswer(trx, session.user.id))) throw new SendRefusedError(messages.notSetUp, 503, "setup");
  await lockUserRow(trx, session.user.id);
  if (session.user.plan === "starter") {
    const { starterDailyReplies } = await readPlanLimits(trx);
    if ((await repliesToday(trx, session.user.id)) >= starterDailyReplies)
      throw new SendRefusedError(messages.dailyLimit(starterDailyReplies), 429, "limit");
  }
  const inFlight = (await activeCompletionIds(trx, "user_id", session.user.id)).length;
  const cap = webEnv().repliesInFlight[session.user.plan];
  if (inFlight >= cap) throw new SendRefusedError(messages.repliesInFlight(cap), 429, "inFlight");
  return inFlight + 1;
}

async function assertIdle(trx: Trx, chatId: string) {
  if ((await activeCompletionIds(trx, "chat_id", chatId)).length > 0)
    throw new SendRefusedError(messages.replyInProgress, 409, "busy");
}

/** A repeated request id from the same user is the same request: answer with what it created. */
async function existingRequest(
  trx: Trx,
  userId: string,
  completionId: string,
): Promise<StoredRequest | null> {
  const existing = await trx
    .selectFrom("completions")
    .select(["id", "chat_id", "user_id"])
    .where("id", "=", completionId)
    .executeTakeFirst();
  if (existing && existing.user_id !== userId)
    throw new SendRefusedError(messages.requestConflict, 409, "conflict");
  if (!existing) return null;
  return {
    repeated: true,
    priority: 0,
    chatId: existing.chat_id,
    completionId: existing.id,
    addedMessageIds: [],
    createdChat: false,
    retiredAt: null,
  };
}

/**
 * Stores the request and marks the chat as just used, with the model it now uses: already so for a chat this
 * request created.
 */
async function insertCompletion(
  trx: Trx,
  values: Parameters<typeof insertQueuedCompletion>[1],
  { createdChat = false } = {},
) {
  await insertQueuedCompletion(trx, values);
  if (createdChat) return;
  await trx
    .updateTable("chat_history")
    .set({ updated_at: nowIso(), model_id: values.modelId })
    .where("id", "=", values.chatId)
    .execute();
}

/**
 * What one request stored, so that a request whose job could not be queued can be taken back whole: its
 * completion and ledger row, the messages it added, the chat it created, and the messages it retired.
 */
interface StoredRequest {
  /** A repeated request id: stored (and queued) by the first post, nothing to do again. */
  repeated: boolean;
  /** The job's priority, from assertMayAsk. */
  priority: number;
  chatId: string;
  completionId: string;
  addedMessageIds: string[];
  createdChat: boolean;
  retiredAt: string | null;
}

/** Takes back a request whose job was never queued, in one transaction, so the chat is free and nothing counts. */
async function withdrawRequest(request: StoredRequest) {
  await serverContext()
    .db.transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("usage_events").where("completion_id", "=", request.completionId).execute();
      await trx.deleteFrom("completions").where("id", "=", request.completionId).execute();
      if (request.addedMessageIds.length > 0)
        await trx.deleteFrom("chat_messages").where("id", "in", request.addedMessageIds).execute();
      if (request.retiredAt)
        await trx
          .updateTable("chat_messages")
          .set({ replaced_at: null })
          .where("chat_id", "=", request.chatId)
          .where("replaced_at", "=", request.retiredAt)
          .execute();
      if (request.createdChat)
        await trx.deleteFrom("chat_history").where("id", "=", request.chatId).execute();
    });
}

/**
 * Queues the stored request's job. When that fails, the request is withdrawn and the user told to try again:
 * a stored request without a job would hold the chat busy and count against the quota.
 */
async function enqueue(request: StoredRequest | null, delayMs = 0) {
  if (!request || request.repeated) return;
  noteCompletionId(request.completionId);
  const job: CompletionJob = { completionId: request.completionId, requestId: logContext()?.requestId };
  try {
    await serverContext().queue.add("completion", job, {
      ...completionJobOptions(request.completionId),
      delay: delayMs,
      priority: request.priority,
    });
    webMetrics().replyRequests.inc({ outcome: "queued" });
    webLogger().info("reply queued");
  } catch (error) {
    webLogger().error(
      { err: error, completionId: request.completionId },
      "enqueueing a completion failed; the request is withdrawn",
    );
    await withdrawRequest(request);
    throw new SendRefusedError(messages.serviceUnavailable, 503, "busy");
  }
}

export interface SendInput {
  content: string;
  requestId: string;
  model?: string;
  action?: QuickActionKey;
  /** A role instruction for this request (a quick action's), stored as a system message before the question. */
  system?: string;
  /** Files sent with the question, checked already (docs/product.md §14). */
  attachments?: PreparedAttachment[];
}

/**
 * What a send stores: a quick action's role instruction as the request's system message; otherwise a first
 * message's "[SYSTEM: ...]" prefix becomes the chat's system message (a later one stays the user's words).
 */
async function questionParts(trx: Trx, chatId: string, input: SendInput, createdChat: boolean) {
  if (input.system) return { system: input.system, user: input.content };
  const isFirst =
    createdChat ||
    !(await trx.selectFrom("chat_messages").select("id").where("chat_id", "=", chatId).executeTakeFirst());
  return isFirst ? splitSystemPrefix(input.content) : { system: null, user: input.content };
}

export async function sendMessage(session: SessionUser, input: SendInput, chatId: string | null) {
  const { db } = serverContext();
  const userId = session.user.id;
  const action = input.action ? QUICK_ACTIONS[input.action] : null;
  const model = await chooseModel(
    db,
    session.user.plan,
    (input.action && quickActionModel(input.action)) ?? input.model,
  );
  const modelId = model.model_id;
  const questionTokens = countContentTokens(input.content);
  assertQuestionFits(model, questionTokens);
  const attachments = input.attachments ?? [];
  assertAttachmentsFit(model, questionTokens, attachments, webEnv().attachments.contextPercent);
  const stored = await db.transaction().execute(async (trx): Promise<StoredRequest> => {
    const repeated = await existingRequest(trx, userId, input.requestId);
    if (repeated) return repeated;
    const priority = await assertMayAsk(trx, session);
    let targetChat = chatId;
    const addedMessageIds: string[] = [];
    if (targetChat) {
      await requireChat(trx, userId, targetChat);
      await assertIdle(trx, targetChat);
    } else {
      const title = chatTitleFrom(input.system ? input.content : splitSystemPrefix(input.content).user);
      targetChat = await createChat(trx, { userId, title, modelId });
    }
    const { system, user } = await questionParts(trx, targetChat, input, !chatId);
    if (system)
      addedMessageIds.push(
        await insertChatMessage(trx, { chatId: targetChat, userId, role: "system", content: system }),
      );
    const userMessageId = await insertChatMessage(trx, {
      chatId: targetChat,
      userId,
      role: "user",
      content: user,
    });
    await storeAttachments(trx, { chatId: targetChat, userId, messageId: userMessageId }, attachments);
    await insertCompletion(
      trx,
      {
        id: input.requestId,
        chatId: targetChat,
        userId,
        userMessageId,
        modelId,
        temperature: action?.temperature ?? DEFAULT_TEMPERATURE,
      },
      { createdChat: !chatId },
    );
    addedMessageIds.push(userMessageId);
    return {
      repeated: false,
      priority,
      chatId: targetChat,
      completionId: input.requestId,
      addedMessageIds,
      createdChat: !chatId,
      retiredAt: null,
    };
  });
  await enqueue(stored);
  return { chatId: stored.chatId, completionId: stored.completionId, repeated: stored.repeated };
}

/** The chat's last request for a reply, which regenerate and edit act on. */
async function lastCompletion(trx: Trx, chatId: string) {
  return trx
    .selectFrom("completions")
    .selectAll()
    .where("chat_id", "=", chatId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

type PreviousRequest = NonNullable<Awaited<ReturnType<typeof lastCompletion>>>;

/** The user message the new request answers, and whether the replacement added it (an edit) or reused it. */
interface Replacement {
  userMessageId: string;
  added: boolean;
}

/**
 * Regenerate and edit, which both ask again in place of the chat's last request: the same checks, then
 * `replace` retires what the new request supersedes and returns the user message it answers.
 */
async function redoLastRequest(
  session: SessionUser,
  chatId: string,
  requestId: string,
  nothingToRedo: string,
  replace: (trx: Trx, previous: PreviousRequest, retiredAt: string) => Promise<Replacement>,
) {
  const { db } = serverContext();
  const userId = session.user.id;
  const stored = await db.transaction().execute(async (trx): Promise<StoredRequest> => {
    const repeated = await existingRequest(trx, userId, requestId);
    if (repeated) return repeated;
    const chat = await requireChat(trx, userId, chatId);
    await assertIdle(trx, chatId);
    const previous = await lastCompletion(trx, chatId);
    if (!previous) throw new SendRefusedError(nothingToRedo, 409, "state");
    const priority = await assertMayAsk(trx, session);
    const retiredAt = nowIso();
    const { userMessageId, added } = await replace(trx, previous, retiredAt);
    await insertCompletion(trx, {
      id: requestId,
      chatId,
      userId,
      userMessageId,
      modelId: chat.model_id,
      temperature: previous.temperature,
    });
    return {
      repeated: false,
      priority,
      chatId,
      completionId: requestId,
      addedMessageIds: added ? [userMessageId] : [],
      createdChat: false,
      retiredAt,
    };
  });
  await enqueue(stored);
  return { chatId: stored.chatId, completionId: stored.completionId };
}

/** Asks again for the last reply; the previous answer is kept on record but no longer shown or sent. */
export function regenerateReply(session: SessionUser, chatId: string, requestId: string) {
  return redoLastRequest(
    session,
    chatId,
    requestId,
    messages.nothingToRegenerate,
    async (trx, previous, retiredAt) => {
      await trx
        .updateTable("chat_messages")
        .set({ replaced_at: retiredAt })
        .where("completion_id", "=", previous.id)
        .execute();
      return { userMessageId: previous.user_message_id, added: false };
    },
  );
}

/** Replaces the last user message (and its reply) with new text, keeping its files, and asks for a reply to it. */
export function editAndResend(
  session: SessionUser,
  chatId: string,
  input: { content: string; requestId: string },
) {
  return redoLastRequest(
    session,
    chatId,
    input.requestId,
    messages.nothingToEdit,
    async (trx, previous, retiredAt) => {
      const editedAt = await trx
        .selectFrom("chat_messages")
        .select("created_at")
        .where("id", "=", previous.user_message_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("chat_messages")
        .set({ replaced_at: retiredAt })
        .where("chat_id", "=", chatId)
        .where("created_at", ">=", editedAt.created_at)
        .where("role", "!=", "system")
        .where("replaced_at", "is", null)
        .execute();
      const userMessageId = await insertChatMessage(trx, {
        chatId,
        userId: session.user.id,
        role: "user",
        content: input.content,
      });
      // The new question carries the files the old one had (docs/product.md §14): they move rather than being
      // copied, since the retired question is never shown or sent again, so no file is stored twice.
      await trx
        .updateTable("attachments")
        .set({ message_id: userMessageId })
        .where("message_id", "=", previous.user_message_id)
        .execute();
      return { userMessageId, added: true };
    },
  );
}

/**
 * Switches a chat's model. When the chat's last message is the user's (its reply failed or never
 * came), the question is asked again of the new model after 800 ms. Returns whether it was resent.
 * See docs/product.md §5.
 */
export async function switchModel(
  session: SessionUser,
  chatId: string,
  requestedModel: string,
): Promise<{ resent: boolean }> {
  const { db } = serverContext();
  const userId = session.user.id;
  const { model_id: modelId } = await chooseModel(db, session.user.plan, requestedModel);
  if (modelId !== requestedModel) throw new SendRefusedError(messages.noModels, 400, "model");
  const resend = await db.transaction().execute(async (trx): Promise<StoredRequest | null> => {
    await requireChat(trx, userId, chatId);
    await trx
      .updateTable("chat_history")
      .set({ model_id: modelId, updated_at: nowIso() })
      .where("id", "=", chatId)
      .execute();
    const last = await trx
      .selectFrom("chat_messages")
      .select(["id", "role"])
      .where("chat_id", "=", chatId)
      .where("replaced_at", "is", null)
      .where("role", "!=", "system")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    const previous = await lastCompletion(trx, chatId);
    if (last?.role !== "user" || !previous || isActive(previous.status)) return null;
    const priority = await assertMayAsk(trx, session);
    const id = uuidv7();
    await insertCompletion(trx, {
      id,
      chatId,
      userId,
      userMessageId: last.id,
      modelId,
      temperature: previous.temperature,
    });
    return {
      repeated: false,
      priority,
      chatId,
      completionId: id,
      addedMessageIds: [],
      createdChat: false,
      retiredAt: null,
    };
  });
  await enqueue(resend, RESEND_DELAY_MS);
  return { resent: Boolean(resend) };
}

/** Asks the worker running (or about to run) a reply to stop; the text so far is kept. */
export async function stopReply(session: SessionUser, chatId: string, completionId: string) {
  const { db, redis } = serverContext();
  const completion = await db
    .selectFrom("completions")
    .select(["id", "status"])
    .where("id", "=", completionId)
    .where("chat_id", "=", chatId)
    .where("user_id", "=", session.user.id)
    .executeTakeFirst();
  if (!completion) throw notFound("Reply not found");
  if (!isActive(completion.status)) return;
  await requestStops(redis, [completionId]);
}

/** One developer-API request (docs/product.md §12): its conversation, ending with the user's question. */
export interface ApiAskInput {
  requestId: string;
  /** A catalogue model id, already checked to exist. */
  modelId: string;
  /** Each turn's images come prepared (checked and read) as its attachments. */
  turns: { role: "system" | "user" | "assistant"; content: string; attachments?: PreparedAttachment[] }[];
  temperature: number;
  maxTokens: number | null;
  /** The request's other options, sent to every vendor tried (contract/request-options.ts). */
  requestOptions?: RequestOptions;
  apiKeyId: string;
}

/**
 * Asks for a reply on behalf of an API key, through the same rules, queue and worker as a chat: the plan's
 * model check, the restricted role and the user's own key (in the write transaction), then one job. The
 * conversation is stored as a hidden chat of its own (source 'api'), which no chat list or page shows, and
 * the ledger row names the key.
 */
export async function askFromApi(session: SessionUser, input: ApiAskInput) {
  const { db } = serverContext();
  const userId = session.user.id;
  const model = await chooseModel(db, session.user.plan, input.modelId);
  const modelId = model.model_id;
  assertQuestionFits(model, countContentTokens(input.turns.at(-1)!.content), input.maxTokens);
  for (const { content, attachments = [] } of input.turns)
    assertAttachmentsFit(
      model,
      countContentTokens(content),
      attachments,
      webEnv().attachments.contextPercent,
    );
  const stored = await db.transaction().execute(async (trx): Promise<StoredRequest> => {
    const priority = await assertMayAsk(trx, session);
    const chatId = await createChat(trx, { userId, title: "API request", modelId, source: "api" });
    const addedMessageIds: string[] = [];
    for (const { attachments = [], ...turn } of input.turns) {
      const messageId = await insertChatMessage(trx, { chatId, userId, ...turn });
      await storeAttachments(trx, { chatId, userId, messageId }, attachments);
      addedMessageIds.push(messageId);
    }
    await insertCompletion(trx, {
      id: input.requestId,
      chatId,
      userId,
      userMessageId: addedMessageIds.at(-1)!,
      modelId,
      temperature: input.temperature,
      maxTokens: input.maxTokens,
      requestOptions: input.requestOptions,
      source: "api",
      apiKeyId: input.apiKeyId,
    });
    return {
      repeated: false,
      priority,
      chatId,
      completionId: input.requestId,
      addedMessageIds,
      createdChat: true,
      retiredAt: null,
    };
  });
  await enqueue(stored);
  return { chatId: stored.chatId, completionId: stored.completionId };
}
