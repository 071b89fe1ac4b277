/**
 * Full-text search over titles and message text, in each dialect's own spelling: SQLite's FTS5 tables and
 * PostgreSQL's text-search vectors (migration 0013 builds both). This is the one place outside the dialect
 * module that spells SQL per dialect: full-text search has no portable form.
 *
 * A search is a list of words, each a list of pieces (letters and digits only, so nothing a user types is ever
 * read as query syntax): the pieces of one word are a phrase ("e-mail" → e mail), every word must occur, and
 * the last word may be the start of a longer one. Scores are higher for better matches in both dialects.
 * Highlights come back between MARK_START and MARK_END, control characters a page never shows.
 */
import { sql, type Expression, type SelectQueryBuilder } from "kysely";
import { isPostgres, type Db } from "./database";
import type { Database } from "./schema";

export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** A search's words, each a non-empty list of pieces made of letters and digits only. */
export type SearchWords = string[][];

/**
 * The chats a search may look in (the caller's visibility rule, not a copy): a query that finds the chat whose
 * id is `chatId` when it may be searched. It is asked per match, through the chat's primary key, so a search
 * costs what it finds, not what the user has.
 */
export type ChatScope = (
  chatId: Expression<string>,
) => SelectQueryBuilder<Database, "chat_history", { id: string }>;

export interface TitleHit {
  chatId: string;
  score: number;
  /** The title with the matched words between the marks. */
  marked: string;
}

export interface MessageHit {
  messageId: string;
  chatId: string;
  score: number;
}

/** FTS5: each word a quoted phrase (quotes cannot occur: pieces are letters and digits), the last a prefix. */
function ftsMatch(column: string, userId: string, words: SearchWords) {
  const phrases = words.map(
    (pieces, index) => `"${pieces.join(" ")}"${index === words.length - 1 ? " *" : ""}`,
  );
  return `user_id : "${userId.replaceAll('"', '""')}" AND ${column} : (${phrases.join(" ")})`;
}

/** tsquery: a word's pieces follow each other (<->), every word must match (&), the last piece is a prefix. */
function tsQuery(words: SearchWords) {
  return words
    .map((pieces, index) =>
      pieces
        .map((piece, at) => `'${piece}'${index === words.length - 1 && at === pieces.length - 1 ? ":*" : ""}`)
        .join(" <-> "),
    )
    .join(" & ");
}

const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}`;
const SNIPPET_WORDS = 16;

export async function searchTitles(
  db: Db,
  userId: string,
  words: SearchWords,
  chats: ChatScope,
  limit: number,
): Promise<TitleHit[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<TitleHit>`
      select c.id as "chatId",
             ts_rank(to_tsvector('simple', c.title), q) as score,
             ts_headline('simple', c.title, q, ${`${HEADLINE}, HighlightAll=true`}) as marked
      from chat_history c, to_tsquery('simple', ${tsQuery(words)}) q
      where to_tsvector('simple', c.title) @@ q and c.user_id = ${userId} and exists ${chats(sql.ref("c.id"))}
      order by score desc, c.updated_at desc
      limit ${limit}`.execute(db);
    return rows;
  }
  const { rows } = await sql<TitleHit>`
    select c.id as "chatId",
           -bm25(chat_history_fts, 1.0, 0.0) as score,
           highlight(chat_history_fts, 0, ${MARK_START}, ${MARK_END}) as marked
    from chat_history_fts join chat_history c on c.rowid = chat_history_fts.rowid
    where chat_history_fts match ${ftsMatch("title", userId, words)} and exists ${chats(sql.ref("c.id"))}
    order by score desc, c.updated_at desc
    limit ${limit}`.execute(db);
  return rows;
}

/** The best matching messages on their chats' shown branches (not a chat's instruction), best first. */
export async function searchMessages(
  db: Db,
  userId: string,
  words: SearchWords,
  chats: ChatScope,
  limit: number,
): Promise<MessageHit[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<MessageHit>`
      select m.id as "messageId", m.chat_id as "chatId", ts_rank(to_tsvector('simple', m.content), q) as score
      from chat_messages m, to_tsquery('simple', ${tsQuery(words)}) q
      where to_tsvector('simple', m.content) @@ q and m.user_id = ${userId} and exists ${chats(sql.ref("m.chat_id"))}
        and m.replaced_at is null and m.role <> 'system'
      order by score desc, m.created_at desc
      limit ${limit}`.execute(db);
    return rows;
  }
  const { rows } = await sql<MessageHit>`
    select m.id as "messageId", m.chat_id as "chatId", -bm25(chat_messages_fts, 1.0, 0.0) as score
    from chat_messages_fts join chat_messages m on m.rowid = chat_messages_fts.rowid
    where chat_messages_fts match ${ftsMatch("content", userId, words)} and exists ${chats(sql.ref("m.chat_id"))}
      and m.replaced_at is null and m.role <> 'system'
    order by score desc, m.created_at desc
    limit ${limit}`.execute(db);
  return rows;
}

/** A few words around the matches of each of these messages (found by searchMessages), by message id. */
export async function messageSnippets(
  db: Db,
  userId: string,
  words: SearchWords,
  messageIds: string[],
): Promise<Map<string, string>> {
  if (messageIds.length === 0) return new Map();
  const ids = sql.join(messageIds);
  const { rows } = isPostgres(db)
    ? await sql<{ id: string; snippet: string }>`
        select m.id,
               ts_headline('simple', m.content, to_tsquery('simple', ${tsQuery(words)}),
                 ${`${HEADLINE}, MaxWords=${SNIPPET_WORDS + 8}, MinWords=${SNIPPET_WORDS - 4}, MaxFragments=2, FragmentDelimiter=" … "`}) as snippet
        from chat_messages m
        where m.id in (${ids})`.execute(db)
    : await sql<{ id: string; snippet: string }>`
        select m.id, snippet(chat_messages_fts, 0, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_WORDS}) as snippet
        from chat_messages_fts join chat_messages m on m.rowid = chat_messages_fts.rowid
        where chat_messages_fts match ${ftsMatch("content", userId, words)} and m.id in (${ids})`.execute(db);
  return new Map(rows.map((row) => [row.id, row.snippet]));
}
