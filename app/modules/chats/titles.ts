/** Spec §4: a chat's title is the first 30 characters of its first message, plus '...' if longer. */
export const TITLE_LENGTH = 30;

export function chatTitleFrom(firstMessage: string): string {
  const text = firstMessage.trim().replace(/\s+/g, " ");
  const characters = Array.from(text);
  return characters.length > TITLE_LENGTH ? `${characters.slice(0, TITLE_LENGTH).join("")}...` : text;
}
