/** Chat search: titles containing the text, any case (docs/product.md §6). Shared by server and browser. */
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
