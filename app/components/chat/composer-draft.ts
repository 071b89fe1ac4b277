/**
 * What the user was typing in a chat's message box, kept in the browser until it is sent: leaving the chat,
 * reloading the page or closing the tab loses nothing. One draft per user and chat ('new' for a chat not yet
 * started), in localStorage; signing out forgets the user's drafts.
 */
const PREFIX = "rogue-ai:draft:";

const draftKey = (userId: string, chatId: string | undefined) => `${PREFIX}${userId}:${chatId ?? "new"}`;

/** localStorage, or null where the browser refuses it (storage off, a sandboxed frame). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(userId: string, chatId: string | undefined): string {
  return storage()?.getItem(draftKey(userId, chatId)) ?? "";
}

/** Keeps `text` as the chat's draft; a blank box keeps none. */
export function saveDraft(userId: string, chatId: string | undefined, text: string) {
  const store = storage();
  if (!store) return;
  try {
    if (text.trim()) store.setItem(draftKey(userId, chatId), text);
    else store.removeItem(draftKey(userId, chatId));
  } catch {
    // Storage full: the box still holds the text; only a reload would lose it.
  }
}

export function forgetDraft(userId: string, chatId: string | undefined) {
  storage()?.removeItem(draftKey(userId, chatId));
}

/** Every draft kept in this browser: signing out leaves none of the user's words behind. */
export function forgetAllDrafts() {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key): key is string => key?.startsWith(PREFIX) ?? false,
  );
  for (const key of keys) store.removeItem(key);
}
