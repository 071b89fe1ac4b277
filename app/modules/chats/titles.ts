/** A chat's title: its first message's first 30 characters, plus '...' if longer (docs/product.md §6). */
export const TITLE_LENGTH = 30;

export function chatTitleFrom(firstMessage: string): string {
  const text = firstMessage.trim().replace(/\s+/g, " ");
  const characters = Array.from(text);
  return characters.length > TITLE_LENGTH ? `${characters.slice(0, TITLE_LENGTH).join("")}...` : text;
}
