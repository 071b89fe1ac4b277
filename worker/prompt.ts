import { contentTokensOf, countContentTokens, PromptWindow } from "#contract/context-window";
import { DEFAULT_CONTEXT_WINDOW, DEFAULT_REPLY_RESERVE, promptBudget } from "#contract/model-window";
import type { Failure } from "#contract/jobs";
import type { Db } from "#db/database";
import type { Completion } from "#db/schema";
import { promptSystemMessage, shownBefore, withTheirFiles, type Position } from "#db/prompt-reads";
import { readSystemSettings } from "#db/system-settings";
import type { ChatTurn } from "./vendors/types";

/** Earlier turns are read this many at a time, newest first, until the model's window is full. */
export const PROMPT_PAGE_SIZE = 50;

export type Prompt = { turns: ChatTurn[] } | { failure: Failure };

/** The next page of the turns before `position` (system messages are instructions, read on their own). */
const readPage = (db: Db, chatId: string, position: Position) =>
  shownBefore(db, chatId, position)
    .where("role", "!=", "system")
    .select(["id", "role", "content", "content_tokens", "created_at"])
    .limit(PROMPT_PAGE_SIZE)
    .execute();

/**
 * The prompt of a completion (docs/product.md §2 'Context windows'): one system message (the latest
 * instruction stored before the question, a chat's first-message prefix or a quick action used later, or the
 * default one the admin saved in Settings), then as many of the newest earlier turns as fit in the model's
 * window less the reply's room, then the question. It reads the chat newest first a page at a time and stops
 * once the window is full, so a send in a long chat reads no more than one in a short chat. A question that
 * alone does not fit is refused: no vendor would take it. A user's attached documents go with their words,
 * read from the database like them, so a retried or continued run sends the same files.
 */
export async function buildPrompt(db: Db, completion: Completion): Promise<Prompt> {
  const [question, model, settings] = await Promise.all([
    db
      .selectFrom("chat_messages")
      .select(["id", "content", "content_tokens", "created_at"])
      .where("id", "=", completion.user_message_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("ai_models")
      .select(["context_window", "reply_reserve", "supports_images"])
      .where("model_id", "=", completion.model_id)
      .executeTakeFirst(),
    readSystemSettings(db),
  ]);
  const imageUse = model?.supports_images === 1 ? "send" : "skip";
  const [system, firstPage, [asked]] = await Promise.all([
    promptSystemMessage(db, completion.chat_id, question),
    readPage(db, completion.chat_id, question),
    withTheirFiles(db, [question], imageUse),
  ]);
  const questionText = asked!.content;
  const systemText = system?.content ?? settings.defaultSystemPrompt;
  const systemTokens = system ? contentTokensOf(system) : countContentTokens(systemText);
  const window = new PromptWindow(
    promptBudget(
      {
        contextWindow: model?.context_window ?? DEFAULT_CONTEXT_WINDOW,
        replyReserve: model?.reply_reserve ?? DEFAULT_REPLY_RESERVE,
      },
      completion.max_tokens,
    ),
    [systemTokens, contentTokensOf(asked!)],
  );
  if (!window.fits) return { failure: { code: "context_length" } };

  const earlier: ChatTurn[] = [];
  for (let page = firstPage; ; page = await readPage(db, completion.chat_id, page.at(-1)!)) {
    for (const { role, content, images, ...row } of await withTheirFiles(db, page, imageUse)) {
      if (content.length === 0) continue;
      if (!window.take(contentTokensOf({ content, ...row }))) break;
      earlier.push({ role, content, ...(images ? { images } : {}) });
    }
    if (window.isFull || page.length < PROMPT_PAGE_SIZE) break;
  }
  return {
    turns: [
      { role: "system", content: systemText },
      ...earlier.reverse(),
      { role: "user", content: questionText, ...(asked!.images ? { images: asked!.images } : {}) },
    ],
  };
}

/** `continueFrom`, text an earlier attempt streamed, goes last: the vendor continues it instead of starting over. */
export const withContinuation = (turns: ChatTurn[], continueFrom: string): ChatTurn[] =>
  continueFrom ? [...turns, { role: "assistant", content: continueFrom }] : turns;
