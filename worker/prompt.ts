import { PromptWindow } from "#contract/context-window";
import { DEFAULT_CONTEXT_WINDOW, DEFAULT_REPLY_RESERVE, promptBudget } from "#contract/model-window";
import type { Failure } from "#contract/jobs";
import type { Db } from "#db/database";
import type { Completion } from "#db/schema";
import { readSystemSettings } from "#db/system-settings";
import type { ChatTurn } from "./vendors/types";

/** Earlier turns are read this many at a time, newest first, until the model's window is full. */
export const PROMPT_PAGE_SIZE = 50;

export type Prompt = { turns: ChatTurn[] } | { failure: Failure };

type Position = { created_at: string; id: string };

/** The chat's shown messages stored before `position`, newest first. */
const shownBefore = (db: Db, chatId: string, position: Position) =>
  db
    .selectFrom("chat_messages")
    .where("chat_id", "=", chatId)
    .where("replaced_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("created_at", "<", position.created_at),
        eb.and([eb("created_at", "=", position.created_at), eb("id", "<", position.id)]),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");

/** The next page of the turns before `position` (system messages are instructions, read on their own). */
const readPage = (db: Db, chatId: string, position: Position) =>
  shownBefore(db, chatId, position)
    .where("role", "!=", "system")
    .select(["id", "role", "content", "created_at"])
    .limit(PROMPT_PAGE_SIZE)
    .execute();

/**
 * The prompt of a completion (docs/product.md §2 'Context windows'): one system message (the latest
 * instruction stored before the question, a chat's first-message prefix or a quick action used later, or the
 * default one the admin saved in Settings), then as many of the newest earlier turns as fit in the model's
 * window less the reply's room, then the question. It reads the chat newest first a page at a time and stops
 * once the window is full, so a send in a long chat reads no more than one in a short chat. A question that
 * alone does not fit is refused: no vendor would take it.
 */
export async function buildPrompt(db: Db, completion: Completion): Promise<Prompt> {
  const [question, model, settings] = await Promise.all([
    db
      .selectFrom("chat_messages")
      .select(["id", "content", "created_at"])
      .where("id", "=", completion.user_message_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("ai_models")
      .select(["context_window", "reply_reserve"])
      .where("model_id", "=", completion.model_id)
      .executeTakeFirst(),
    readSystemSettings(db),
  ]);
  const [system, firstPage] = await Promise.all([
    shownBefore(db, completion.chat_id, question)
      .where("role", "=", "system")
      .where("content", "!=", "")
      .select("content")
      .executeTakeFirst(),
    readPage(db, completion.chat_id, question),
  ]);
  const systemText = system?.content ?? settings.defaultSystemPrompt;
  const window = new PromptWindow(
    promptBudget(
      {
        contextWindow: model?.context_window ?? DEFAULT_CONTEXT_WINDOW,
        replyReserve: model?.reply_reserve ?? DEFAULT_REPLY_RESERVE,
      },
      completion.max_tokens,
    ),
    [systemText, question.content],
  );
  if (!window.fits) return { failure: { code: "context_length" } };

  const earlier: ChatTurn[] = [];
  for (let page = firstPage; ; page = await readPage(db, completion.chat_id, page.at(-1)!)) {
    for (const row of page) {
      if (row.content.length === 0) continue;
      if (!window.take(row.content)) break;
      earlier.push({ role: row.role, content: row.content });
    }
    if (window.isFull || page.length < PROMPT_PAGE_SIZE) break;
  }
  return {
    turns: [
      { role: "system", content: systemText },
      ...earlier.reverse(),
      { role: "user", content: question.content },
    ],
  };
}

/** `continueFrom`, text an earlier attempt streamed, goes last: the vendor continues it instead of starting over. */
export const withContinuation = (turns: ChatTurn[], continueFrom: string): ChatTurn[] =>
  continueFrom ? [...turns, { role: "assistant", content: continueFrom }] : turns;
