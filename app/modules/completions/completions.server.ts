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
  assertStorageLeft,
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
    await assertStorageLeft(trx, session.user, attachments, webEnv().attachments);
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

/** The latest request for a reply to this question, which regenerate asks again with its temperature. */
async function latestRequestFor(trx: Trx, questionId: string) {
  return trx
    .selectFrom("completions")
    .selectAll()
    .where("user_message_id", "=", questionId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** A message on the chat's shown branch: a question an edit or a regenerate branches at, a version switched from. */
type ShownMessage = { id: string; parent_id: string | null; created_at: string };

/** The user message the new request answers, and whether the new branch added it (an edit) or reused it. */
interface Replacement {
  userMessageId: string;
  added: boolean;
}

/**
 * Takes the shown branch off the page after `question`, or from it on when `including` it: those messages stay
 * in the tree, a branch the user can switch back to. Returns the time stamped on them (withdrawRequest restores
 * by it).
 */
async function leaveShownBranch(trx: Trx, chatId: string, question: ShownMessage, including: boolean) {
  const leftAt = nowIso();
  await trx
    .updateTable("chat_messages")
    .set({ replaced_at: leftAt })
    .where("chat_id", "=", chatId)
    .where("replaced_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("created_at", ">", question.created_at),
        eb.and([eb("created_at", "=", question.created_at), eb("id", including ? ">=" : ">", question.id)]),
      ]),
    )
    .execute();
  return leftAt;
}

/**
 * Regenerate and edit, which both ask again at a question of the shown branch, the last or any earlier one:
 * the same checks, then `branch` starts a new branch there (what followed stays, as a sibling branch) and
 * returns the user message the new request answers, which the chat now shows.
 */
async function askAgainAt(
  session: SessionUser,
  chatId: string,
  input: { requestId: string; questionId: string },
  nothingToRedo: string,
  branch: (trx: Trx, question: ShownMessage) => Promise<Replacement & { leftAt: string }>,
) {
  const { db } = serverContext();
  const userId = session.user.id;
  const stored = await db.transaction().execute(async (trx): Promise<StoredRequest> => {
    const repeated = await existingRequest(trx, userId, input.requestId);
    if (repeated) return repeated;
    const chat = await requireChat(trx, userId, chatId);
    await assertIdle(trx, chatId);
    const question = await trx
      .selectFrom("chat_messages")
      .select(["id", "parent_id", "created_at"])
      .where("id", "=", input.questionId)
      .where("chat_id", "=", chatId)
      .where("role", "=", "user")
      .where("replaced_at", "is", null)
      .executeTakeFirst();
    const previous = question ? await latestRequestFor(trx, question.id) : undefined;
    if (!question || !previous) throw new SendRefusedError(nothingToRedo, 409, "state");
    const priority = await assertMayAsk(trx, session);
    const { userMessageId, added, leftAt } = await branch(trx, question);
    await insertCompletion(trx, {
      id: input.requestId,
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
      completionId: input.requestId,
      addedMessageIds: added ? [userMessageId] : [],
      createdChat: false,
      retiredAt: leftAt,
    };
  });
  await enqueue(stored);
  return { chatId: stored.chatId, completionId: stored.completionId };
}

/** Asks again for the reply to a question; the earlier reply and what followed it stay as a sibling branch. */
export function regenerateReply(
  session: SessionUser,
  chatId: string,
  input: { requestId: string; questionId: string },
) {
  return askAgainAt(session, chatId, input, messages.nothingToRegenerate, async (trx, question) => ({
    leftAt: await leaveShownBranch(trx, chatId, question, false),
    userMessageId: question.id,
    added: false,
  }));
}

/**
 * Refuses new words that, with the files the edited question carries (and its new version will), the chat's
 * model cannot take: the same checks as a send's, before anything is stored.
 */
async function assertEditFits(trx: Trx, chatId: string, questionId: string, content: string) {
  const model = await trx
    .selectFrom("chat_history")
    .innerJoin("ai_models", "ai_models.model_id", "chat_history.model_id")
    .selectAll("ai_models")
    .where("chat_history.id", "=", chatId)
    .executeTakeFirst();
  // A model since removed from the catalogue: the worker refuses it with its own reason.
  if (!model) return;
  const questionTokens = countContentTokens(content);
  assertQuestionFits(model, questionTokens);
  const files = await trx
    .selectFrom("attachments")
    .select(["name", "text", "width", "height"])
    .where("message_id", "=", questionId)
    .execute();
  assertAttachmentsFit(
    model,
    questionTokens,
    files.map(({ name, text, width, height }) => ({
      name,
      text,
      image: width && height ? { width, height } : null,
    })),
    webEnv().attachments.contextPercent,
  );
}

/**
 * Asks a question again in new words, as a sibling of the one it edits, with the same files; the edited
 * question and what followed it stay as a branch of their own.
 */
export function editAndResend(
  session: SessionUser,
  chatId: string,
  input: { content: string; requestId: string; questionId: string },
) {
  return askAgainAt(session, chatId, input, messages.nothingToEdit, async (trx, question) => {
    await assertEditFits(trx, chatId, question.id, input.content);
    const leftAt = await leaveShownBranch(trx, chatId, question, true);
    const userMessageId = await insertChatMessage(trx, {
      chatId,
      userId: session.user.id,
      role: "user",
      content: input.content,
      parentId: question.parent_id,
    });
    await copyAttachments(trx, question.id, userMessageId);
    return { leftAt, userMessageId, added: true };
  });
}

/** What a file's copy keeps of it: all but its id, its message and when it was stored. */
const COPIED_FILE_COLUMNS = [
  "chat_id",
  "user_id",
  "name",
  "media_type",
  "size",
  "bytes",
  "text",
  "width",
  "height",
  "thumbnail",
] as const;

/**
 * The new version of a question carries the files the old one had (docs/product.md §14), copied in the database
 * (the bytes never pass through here): both versions stay in the chat, each with its files.
 */
async function copyAttachments(trx: Trx, fromMessageId: string, toMessageId: string) {
  const files = await trx
    .selectFrom("attachments")
    .select("id")
    .where("message_id", "=", fromMessageId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const file of files)
    await trx
      .insertInto("attachments")
      .columns(["id", "message_id", "created_at", ...COPIED_FILE_COLUMNS])
      .expression((eb) =>
        eb
          .selectFrom("attachments")
          .select((inner) => [
            inner.val(uuidv7()).as("id"),
            inner.val(toMessageId).as("message_id"),
            inner.val(nowIso()).as("created_at"),
            ...COPIED_FILE_COLUMNS,
          ])
          .where("id", "=", file.id),
      )
      .execute();
}

/**
 * Shows another version of a message (docs/product.md §6 'Branches'): the sibling `messageId` and its most recent
 * continuation take the place of the shown one and what followed it, which stay as a branch. Refused while a
 * reply is being written, whose prompt is the shown branch.
 */
export async function showBranch(session: SessionUser, chatId: string, messageId: string) {
  await serverContext()
    .db.transaction()
    .execute(async (trx) => {
      await requireChat(trx, session.user.id, chatId);
      await assertIdle(trx, chatId);
      const tree = await trx
        .selectFrom("chat_messages")
        .select(["id", "parent_id", "created_at", "replaced_at"])
        .where("chat_id", "=", chatId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      const chosen = tree.find((message) => message.id === messageId);
      const parent = tree.find((message) => message.id === chosen?.parent_id);
      // Only a version of a shown message can be shown: one deeper in a hidden branch has no place on the page.
      if (!chosen || parent?.replaced_at) throw notFound("Message not found");
      if (chosen.replaced_at === null) return;
      const shownSibling = tree.find(
        (message) => message.parent_id === chosen.parent_id && message.replaced_at === null,
      );
      if (shownSibling) await leaveShownBranch(trx, chatId, shownSibling, true);
      const path = [chosen.id];
      for (let next = lastChildOf(tree, chosen.id); next; next = lastChildOf(tree, next)) path.push(next);
      await trx.updateTable("chat_messages").set({ replaced_at: null }).where("id", "in", path).execute();
    });
}

/** A message's newest reply or follow-up, in a chat's messages in order. */
const lastChildOf = (tree: { id: string; parent_id: string | null }[], parentId: string) =>
  tree.findLast((message) => message.parent_id === parentId)?.id;

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
    const previous = last?.role === "user" ? await latestRequestFor(trx, last.id) : undefined;
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
