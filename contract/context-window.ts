/**
 * How much of a chat a prompt holds (docs/product.md §2 'Context windows'): the system message and the
 * question always, then the newest earlier turns while they fit in the model's window less the tokens kept for
 * the reply. A turn that does not fit is left out whole, and so is everything before it: the model reads an
 * unbroken stretch of the chat's end. The worker builds its prompts with this and the chat page shows with it
 * where the model's memory starts, so both always agree. Both work with each message's stored token count
 * (`chat_messages.content_tokens`, counted once when the message is written), so a build adds numbers instead
 * of tokenizing the chat again.
 */

import { countTokens } from "gpt-tokenizer";

/**
 * The tokens a chat format wraps each message in (its role and separators). OpenAI's own count adds 3 to 4;
 * the larger keeps a prompt safely inside windows counted by other vendors' formats.
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * A text's tokens, counted with OpenAI's o200k encoding. The open models have tokenizers of their own; on prose
 * and code o200k counts within a few percent of theirs, and the reply's reserve absorbs the difference. The
 * encoding (~50 MiB) loads with this module: loaded at the first count instead, it would hold up the first
 * send after each start, 0.9–1.8 s on a loaded host (docs/benchmarks.md, "Idle memory").
 */
export const countContentTokens = (content: string): number => countTokens(content);

/**
 * A stored message's count: the one stored with it, or, for a message a process of an earlier release stored
 * without one during a rolling upgrade, counted now.
 */
export const contentTokensOf = (message: { content: string; content_tokens: number | null }) =>
  message.content_tokens ?? countContentTokens(message.content);

/** What a message takes of a window: its content's tokens and the chat format's wrapping. */
export const messageTokens = (contentTokens: number) => contentTokens + MESSAGE_OVERHEAD_TOKENS;

/**
 * Fills one prompt: made with what every prompt holds (the system message, the question), then offered the
 * earlier turns newest first until one does not fit. Each message is given as its content's token count.
 */
export class PromptWindow {
  private left: number;
  private full = false;

  constructor(budget: number, always: number[]) {
    this.left = always.reduce((left, contentTokens) => left - messageTokens(contentTokens), budget);
  }

  /** False when what every prompt holds is already over the budget: the question cannot be sent. */
  get fits() {
    return this.left >= 0;
  }

  /** Takes the next older turn if it fits whole; once one does not, no older turn is taken either. */
  take(contentTokens: number): boolean {
    if (this.full) return false;
    const tokens = messageTokens(contentTokens);
    if (tokens > this.left) {
      this.full = true;
      return false;
    }
    this.left -= tokens;
    return true;
  }

  /** Whether no further turn can be taken: the reader of earlier turns can stop. */
  get isFull() {
    return this.full;
  }
}

/**
 * How many of `earlier` (newest first) a prompt with `always` holds; `fits` false when not even `always` does.
 * The same walk the worker makes page by page.
 */
export function fitEarlierTurns(budget: number, always: number[], earlier: number[]) {
  const window = new PromptWindow(budget, always);
  if (!window.fits) return { fits: false, kept: 0 };
  let kept = 0;
  while (kept < earlier.length && window.take(earlier[kept]!)) kept += 1;
  return { fits: true, kept };
}
