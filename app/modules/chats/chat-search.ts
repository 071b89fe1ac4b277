/**
 * Chat search (docs/product.md §6). Shared by server and browser: the sidebar filters its list by title as
 * the user types; the search page looks through everything that was said.
 */
/** The search page (app/routes/chat.search.tsx). */
export const SEARCH_PATH = "/chat/search";

export function normaliseSearch(query: string | null | undefined): string {
  return (query ?? "").trim();
}

export function titleMatches(title: string, query: string | null | undefined): boolean {
  const needle = normaliseSearch(query).toLocaleLowerCase();
  return needle === "" || title.toLocaleLowerCase().includes(needle);
}

export function filterChats<T extends { title: string }>(chats: T[], query: string | null | undefined): T[] {
  return normaliseSearch(query) ? chats.filter((chat) => titleMatches(chat.title, query)) : chats;
}

/**
 * The words of a full-text search, each as its runs of letters and digits ("e-mail" → ["e", "mail"]), lower
 * case. Everything else a user types (quotes, `*`, `-`, brackets) only separates: a search is words, never
 * query syntax. A word such as OR is a word to find.
 */
export function searchWords(query: string): string[][] {
  return query
    .split(/\s+/)
    .map((word) => word.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((pieces) => pieces.length > 0);
}

/** A piece of a highlighted text: `hit` where it matched the search. */
export interface MarkedPart {
  text: string;
  hit: boolean;
}
