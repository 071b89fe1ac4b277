import { mustConfirmEmail } from "../auth/email-verification.server";
import { v7 as uuidv7 } from "uuid";
import { contentTokensOf, countContentTokens, fitEarlierTurns } from "#contract/context-window";
import { promptBudget, type ModelWindow } from "#contract/model-window";
import { readSnapshot, type Db } from "#db/database";
import { filesByMessage } from "#db/message-files";
import { withTheirFiles, promptSystemMessage } from "#db/prompt-reads";
import { readSystemSettings } from "#db/system-settings";
import { canAnswer } from "#db/vendors";
import { canUseModel } from "#db/plans";
import type { AiModel } from "#db/schema";
import { failureFromRow, isActive } from "#contract/lifecycle";
import type { SessionUser } from "../auth/session.server";
import { messagesLeftToday } from "../completions/completions.server";
import { adminTexts, failureMessage } from "../texts/catalogue";
import { listModels, resolveModelId } from "../models/models.server";
import { lockedQuickActions } from "../completions/quick-actions";
import { db } from "../server-context.server";
import { getPreferences } from "../settings/preferences.server";
import { userKeyStatus } from "../vendors/user-keys.server";
import { latestCompletion, requireVisibleChat } from "./chats.server";

/** After this many failed replies in a row the user hears the service has a problem (docs/product.md §5). */
export const ERROR_WARNING_THRESHOLD = 3;

/** How many of a chat's newest messages its page shows; 'Show earlier messages' shows as many more each time. */
export const MESSAGES_PER_PAGE = 50;
const MAX_SHOWN = 100_000;

/** `?shown=N`: how many of the newest messages the page shows (a tampered value answers 400). */
function shownCount(query: URLSearchParams): number {
  const raw = query.get("shown");
  if (raw === null) return MESSAGES_PER_PAGE;
  const shown = Number(raw);
  if (!/^\d+$/.test(raw) || shown < 1 || shown > MAX_SHOWN)
    throw new Response(adminTexts.badQuery, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return shown;
}

/**
 * The newest `count` messages of the chat's shown branch (the other branches are kept but not shown), oldest
 * first, each with the files attached to it and its versions, and whether there are earlier ones: a long chat's
 * page reads and renders only its newest messages.
 */
async function visibleMessages(database: Db, chatId: string, count: number) {
  const newest = await database
    .selectFrom("chat_messages")
    // The name a reply's label shows; a vendor an admin has since removed keeps its stored name.
    .leftJoin("api_vendors", "api_vendors.name", "chat_messages.vendor")
    .select([
      "chat_messages.id",
      "chat_messages.parent_id",
      "chat_messages.role",
      "chat_messages.content",
      "chat_messages.content_tokens",
      "chat_messages.model_id",
      "chat_messages.vendor",
      "api_vendors.display_name as vendor_name",
      "chat_messages.status",
      "chat_messages.completion_id",
      "chat_messages.created_at",
    ])
    .where("chat_messages.chat_id", "=", chatId)
    .where("chat_messages.replaced_at", "is", null)
    .orderBy("chat_messages.created_at", "desc")
    .orderBy("chat_messages.id", "desc")
    .limit(count + 1)
    .execute();
  const shown = newest.slice(0, count).reverse();
  const [files, versions] = await Promise.all([
    filesByMessage(
      database,
      shown.filter((message) => message.role === "user").map((message) => message.id),
    ),
    versionsOf(database, chatId, shown),
  ]);
  return {
    messages: shown.map((message) => ({
      ...message,
      attachments: files.get(message.id) ?? [],
      versions: versions.get(message.id) ?? null,
    })),
    earlier: newest.length > count,
  };
}

/**
 * Where a shown message stands among its versions (its siblings, oldest first: what edits and regenerates made),
 * for the ‹ n / m › switch; only messages with more than one version have one (docs/product.md §6 'Branches').
 */
export interface Versions {
  /** 1-based. */
  position: number;
  count: number;
  previous: string | null;
  next: string | null;
}

async function versionsOf(database: Db, chatId: string, shown: { id: string; parent_id: string | null }[]) {
  const parents = [...new Set(shown.flatMap((message) => (message.parent_id ? [message.parent_id] : [])))];
  const siblings = await database
    .selectFrom("chat_messages")
    .select(["id", "parent_id"])
    .where("chat_id", "=", chatId)
    .where((eb) =>
      eb.or([eb("parent_id", "is", null), ...(parents.length > 0 ? [eb("parent_id", "in", parents)] : [])]),
    )
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const versions = new Map<string, Versions>();
  for (const message of shown) {
    const ids = siblings.filter((row) => row.parent_id === message.parent_id).map((row) => row.id);
    const at = ids.indexOf(message.id);
    if (ids.length < 2 || at === -1) continue;
    versions.set(message.id, {
      position: at + 1,
      count: ids.length,
      previous: ids[at - 1] ?? null,
      next: ids[at + 1] ?? null,
    });
  }
  return versions;
}

/**
 * The questions whose latest request for a reply failed, with the catalogue's message: each keeps its error
 * under it, after later messages and reloads too, until a retry answers it.
 */
type FailedQuestions = Record<string, { completionId: string; message: string }>;

async function failedQuestions(database: Db, chatId: string): Promise<FailedQuestions> {
  const requests = await database
    .selectFrom("completions")
    .select(["id", "status", "user_message_id", "error_code", "error_status", "error_detail"])
    .where("chat_id", "=", chatId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const latest = new Map(requests.map((request) => [request.user_message_id, request]));
  const failed: FailedQuestions = {};
  for (const [questionId, request] of latest) {
    if (request.status !== "error") continue;
    failed[questionId] = { completionId: request.id, message: failureMessage(failureFromRow(request)) };
  }
  return failed;
}

async function consecutiveFailures(database: Db, userId: string) {
  const recent = await database
    .selectFrom("completions")
    .select("status")
    .where("user_id", "=", userId)
    .where("status", "in", ["done", "error", "stopped"])
    .orderBy("created_at", "desc")
    .limit(ERROR_WARNING_THRESHOLD)
    .execute();
  const failures = recent.findIndex((row) => row.status !== "error");
  return failures === -1 ? recent.length : failures;
}

type ShownMessage = Awaited<ReturnType<typeof visibleMessages>>["messages"][number];

/**
 * The oldest message the prompt of the chat's latest question holds, when the prompt leaves earlier ones out:
 * the chat marks there where the model's memory starts (docs/product.md §2 'Context windows'). The worker
 * built that prompt the same way (worker/prompt.ts): the same system message, read from the chat however far
 * back it lies (not only on the shown page), the same question with its files, the same window.
 */
async function memoryStart(
  database: Db,
  chatId: string,
  messages: ShownMessage[],
  model: ModelWindow & { seesImages: boolean },
  defaultSystemPrompt: string,
) {
  const questionAt = messages.findLastIndex((message) => message.role === "user");
  if (questionAt === -1) return null;
  const system = await promptSystemMessage(database, chatId, messages[questionAt]!);
  const systemTokens = system ? contentTokensOf(system) : countContentTokens(defaultSystemPrompt);
  const [question, ...earlier] = await withTheirFiles(
    database,
    messages
      .slice(0, questionAt + 1)
      .filter((message) => message.role !== "system" && message.content)
      .reverse(),
    model.seesImages ? "count" : "skip",
  );
  const { kept } = fitEarlierTurns(
    promptBudget(model, null),
    [systemTokens, contentTokensOf(question!)],
    earlier.map(contentTokensOf),
  );
  if (kept === earlier.length) return null;
  return (earlier[kept - 1] ?? question!).id;
}

/**
 * Everything the chat screen shows for one chat, or for a new one when chatId is null; `query` is the page's
 * (a model chosen for a new chat, an open dialog).
 */
export async function loadChatPage(session: SessionUser, chatId: string | null, query: URLSearchParams) {
  const { user } = session;
  const models = await listModels(db());
  // One snapshot: a reply stored between two of these reads would otherwise be neither a message nor pending.
  const shown = shownCount(query);
  const { chat, page, completion, failed, quota, failures, apiKey, preferences, answerable, settings } =
    await readSnapshot(db(), async (snapshot) => {
      const chat = chatId ? await requireVisibleChat(snapshot, user, chatId) : null;
      const [page, completion, failed, quota, failures, apiKey, preferences, answerable, settings] =
        await Promise.all([
          chat ? visibleMessages(snapshot, chat.id, shown) : { messages: [], earlier: false },
          chat ? latestCompletion(snapshot, chat.id) : null,
          chat ? failedQuestions(snapshot, chat.id) : Promise.resolve<FailedQuestions>({}),
          messagesLeftToday(snapshot, user.id, user.plan),
          consecutiveFailures(snapshot, user.id),
          userKeyStatus(snapshot, user.id),
          getPreferences(snapshot, user.id),
          canAnswer(snapshot, user.id),
          readSystemSettings(snapshot),
        ]);
      return { chat, page, completion, failed, quota, failures, apiKey, preferences, answerable, settings };
    });
  const pending = completion && isActive(completion.status) ? completion.id : null;
  // A chat keeps the model it has; a new chat's `?model=` (a link, the picker without JavaScript) is taken only
  // when the plan allows it: a locked model is not preselected, only to be refused at the first send.
  const usable = (model: AiModel) => canUseModel(user.plan, model);
  const modelId = chat
    ? (resolveModelId(models, chat.model_id) ?? "")
    : (resolveModelId(models.some(usable) ? models.filter(usable) : models, query.get("model")) ?? "");
  const model = models.find((m) => m.model_id === modelId);
  return {
    chatId: chat?.id ?? null,
    title: chat?.title ?? null,
    messages: page.messages,
    /** The link to show more of a long chat's earlier messages, when there are any. */
    showEarlier: page.earlier ? `?shown=${shown + MESSAGES_PER_PAGE}` : null,
    /**
     * The message above which "Earlier messages are not sent to the model" shows; null: all shown are sent (the
     * boundary may lie among earlier messages, not shown yet).
     */
    memoryStartsAt:
      model && chat
        ? await memoryStart(
            db(),
            chat.id,
            page.messages,
            {
              contextWindow: model.context_window,
              replyReserve: model.reply_reserve,
              seesImages: model.supports_images === 1,
            },
            settings.defaultSystemPrompt,
          )
        : null,
    pendingCompletionId: pending,
    /** Failed questions by user message id; the chat's last request is the one Retry asks again in place. */
    failures: failed,
    lastCompletionId: completion?.id ?? null,
    persistentFailure: failures >= ERROR_WARNING_THRESHOLD,
    // A fresh id per page view: the same form posted twice is one request.
    requestId: uuidv7(),
    modelId,
    /** The quick actions whose model the plan does not allow: shown as an upgrade, not offered and refused. */
    lockedQuickActions: lockedQuickActions((id) => {
      const model = models.find((m) => m.model_id === id);
      return model ? usable(model) : null;
    }),
    modelName: model?.display_name ?? modelId,
    modelNames: Object.fromEntries(models.map((m) => [m.model_id, m.display_name])),
    messagesLeft: quota?.left ?? null,
    /** The Starter daily allowance the admin set (shown as "2 of 3 free messages left"). */
    dailyReplies: quota?.limit ?? 0,
    isRestricted: session.roles.includes("restricted"),
    /** EMAIL_VERIFICATION=required and the address is not confirmed yet: the chat says so and takes nothing. */
    mustConfirmEmail: mustConfirmEmail(session.user),
    apiKey,
    /** Whether a reply that finishes while the tab is hidden shows a desktop notification. */
    notifications: preferences.notifications,
    /** `?edit=<question id>`: the question whose edit form the page opens (the way to edit without JavaScript). */
    editing: query.get("edit"),
    /** No vendor can answer yet (no key anywhere): the chat says so instead of taking messages. */
    notSetUp: !answerable,
    // Opens only when the user asks for it (Settings → their own key), never by itself.
    keyDialog: query.get("apikey") === "edit",
  };
}

export type ChatPageData = Awaited<ReturnType<typeof loadChatPage>>;
