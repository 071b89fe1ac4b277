/**
 * A model's context window and the room kept for its reply (docs/product.md §2 'Context windows'). Apart from
 * contract/context-window.ts, which counts tokens, so the browser's Models form can read the defaults without
 * bundling a tokenizer.
 */

/** What a model an admin adds without saying gets: the smallest window in common use. */
export const DEFAULT_CONTEXT_WINDOW = 8_192;
export const DEFAULT_REPLY_RESERVE = 1_024;

export interface ModelWindow {
  contextWindow: number;
  replyReserve: number;
}

/** The tokens a prompt may hold: the window less the reply's room (the request's max_tokens, if it gives one). */
export const promptBudget = (window: ModelWindow, maxTokens: number | null) =>
  window.contextWindow - (maxTokens ?? window.replyReserve);
