/**
 * Searching what was said: a user's chats whose title or messages hold every word of the search, best first,
 * each with the matched words highlighted and a link that opens the chat at the matching message.
 * See docs/product.md §6 'Search'.
 */
import type { Db } from "#db/database";
import {
  MARK_END,
  MARK_START,
  messageSnippets,
  searchMessages,
  searchTitles,
  type ChatScope,
} from "#db/full-text";
import type { MessageRole } from "#db/schema";
import { MESSAGES_PER_PAGE } from "./chat-page.server";
import { searchWords, type MarkedPart } from "./chat-search";
import { visibleChats, type ChatOwner } from "./chats.server";

/** How many chats a search lists: the best ones. */
export const SEARCH_RESULTS = 30;
/** Messages read to find those chats: a chat with many matching messages must not crowd out the others. */
const MESSAGE_HITS = SEARCH_RESULTS * 8;

export interface SearchResult {
  chatId: string;
  title: MarkedPart[];
  /** The best matching message, when a message matched (a chat may match by its title only). */
  message: { id: string; role: MessageRole; snippet: MarkedPart[] } | null;
  /** Opens the chat with that message on the page, scrolled to it. */
  href: string;
}

/** Splits a text with MARK_START / MARK_END around its matches into plain and matched parts. */
export function markedParts(marked: string): MarkedPart[] {
  const parts: MarkedPart[] = [];
  for (const [index, piece] of marked.split(MARK_START).entries()) {
    const [hit, rest] = index === 0 ? [null, piece] : splitOnce(piece, MARK_END);
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest, hit: false });
  }
  return parts;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, ""] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** How many of the chat's shown messages, newest first, reach back to each of these messages. */
async function placesFromEnd(db: Db, messageIds: string[]): Promise<Map<string, number>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("chat_messages as found")
    .innerJoin("chat_messages as later", (join) =>
      join
        .onRef("later.chat_id", "=", "found.chat_id")
        .on("later.replaced_at", "is", null)
        .on((eb) =>
          eb.or([
            eb("later.created_at", ">", eb.ref("found.created_at")),
            eb.and([
              eb("later.created_at", "=", eb.ref("found.created_at")),
              eb("later.id", ">=", eb.ref("found.id")),
            ]),
          ]),
        ),
    )
    .select(["found.id", (eb) => eb.fn.countAll<string | number>().as("place")])
    .where("found.id", "in", messageIds)
    .groupBy("found.id")
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.place)]));
}

/** The chat page's link showing `place` newest messages (whole pages of them), at the message. */
function messageLink(chatId: string, messageId: string, place: number) {
  const shown = Math.ceil(place / MESSAGES_PER_PAGE) * MESSAGES_PER_PAGE;
  const query = shown > MESSAGES_PER_PAGE ? `?shown=${shown}` : "";
  return `/chat/${chatId}${query}#message-${messageId}`;
}

/**
 * The user's chats matching `query` (already validated: searchQuerySchema), best first, at most SEARCH_RESULTS.
 * Only chats the user sees are searched (visibleChats: theirs, not archived, within Starter's window).
 */
export async function searchChats(
  db: Db,
  user: ChatOwner,
  query: string,
  now = Date.now(),
): Promise<SearchResult[]> {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const visible = await visibleChats(db, user, now);
  const scope: ChatScope = (chatId) => visible.select("id").where("id", "=", chatId);
  const [titleHits, messageHits] = await Promise.all([
    searchTitles(db, user.id, words, scope, SEARCH_RESULTS),
    searchMessages(db, user.id, words, scope, MESSAGE_HITS),
  ]);

  // A chat's score is its best: its title's or its best message's (hits come best first).
  const best = new Map<string, { score: number; messageId: string | null }>();
  for (const hit of messageHits) {
    if (!best.has(hit.chatId)) best.set(hit.chatId, { score: hit.score, messageId: hit.messageId });
  }
  for (const hit of titleHits) {
    const found = best.get(hit.chatId);
    if (!found) best.set(hit.chatId, { score: hit.score, messageId: null });
    else found.score = Math.max(found.score, hit.score);
  }
  const ranked = [...best.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, SEARCH_RESULTS);
  if (ranked.length === 0) return [];

  const chatIds = ranked.map(([chatId]) => chatId);
  const messageIds = ranked.flatMap(([, found]) => (found.messageId ? [found.messageId] : []));
  const [chats, messages, snippets, places] = await Promise.all([
    db.selectFrom("chat_history").select(["id", "title"]).where("id", "in", chatIds).execute(),
    messageIds.length > 0
      ? db.selectFrom("chat_messages").select(["id", "role"]).where("id", "in", messageIds).execute()
      : [],
    messageSnippets(db, user.id, words, messageIds),
    placesFromEnd(db, messageIds),
  ]);
  const chatById = new Map(chats.map((chat) => [chat.id, chat]));
  const roleById = new Map(messages.map((message) => [message.id, message.role]));
  const markedTitles = new Map(titleHits.map((hit) => [hit.chatId, hit.marked]));

  return ranked.flatMap(([chatId, found]): SearchResult[] => {
    const chat = chatById.get(chatId);
    // Deleted between the two reads: nothing to open.
    if (!chat) return [];
    const title = markedParts(markedTitles.get(chatId) ?? chat.title);
    const role = found.messageId ? roleById.get(found.messageId) : undefined;
    if (!found.messageId || !role) return [{ chatId, title, message: null, href: `/chat/${chatId}` }];
    const { messageId } = found;
    return [
      {
        chatId,
        title,
        message: { id: messageId, role, snippet: markedParts(snippets.get(messageId) ?? "") },
        href: messageLink(chatId, messageId, places.get(messageId) ?? 1),
      },
    ];
  });
}
