/**
 * How much of a chat a prompt holds (docs/product.md §2 'Context windows'): the system message and the
 * question always, then the newest earlier turns while they fit in the model's window less the tokens kept for
 * the reply. A turn that does not fit is left out whole, and so is everything before it: the model reads an
 * unbroken stretch of the chat's end. The worker builds its prompts with this and the chat page shows with it
 * where the model's memory starts, so both always agree.
 */
import { countTokens } from "gpt-tokenizer";

/**
 * The tokens a chat format wraps each message in (its role and separators). OpenAI's own count adds 3 to 4;
 * the larger keeps a prompt safely inside windows counted by other vendors' formats.
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * A message's tokens, counted with OpenAI's o200k encoding. The open models have tokenizers of their own; on
 * prose and code o200k counts within a few percent of theirs, and the reply's reserve absorbs the difference.
 */
export const messageTokens = (content: string) => countTokens(content) + MESSAGE_OVERHEAD_TOKENS;

/**
 * Fills one prompt: made with what every prompt holds (the system message, the question), then offered the
 * earlier turns newest first until one does not fit.
 */
export class PromptWindow {
  private left: number;
  private full = false;

  constructor(budget: number, always: string[]) {
    this.left = always.reduce((left, content) => left - messageTokens(content), budget);
  }

  /** False when what every prompt holds is already over the budget: the question cannot be sent. */
  get fits() {
    return this.left >= 0;
  }

  /** Takes the next older turn if it fits whole; once one does not, no older turn is taken either. */
  take(content: string): boolean {
    if (this.full) return false;
    const tokens = messageTokens(content);
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
export function fitEarlierTurns(budget: number, always: string[], earlier: string[]) {
  const window = new PromptWindow(budget, always);
  if (!window.fits) return { fits: false, kept: 0 };
  let kept = 0;
  while (kept < earlier.length && window.take(earlier[kept]!)) kept += 1;
  return { fits: true, kept };
}
