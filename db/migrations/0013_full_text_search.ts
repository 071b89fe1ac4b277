import { sql, type Kysely } from "kysely";
import { isPostgres } from "../database";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * Full-text search over what was said: chat titles and message text (docs/product.md §6 'Search').
 *
 * SQLite: two FTS5 tables with external content (the text stays only in chat_history and chat_messages), kept
 * in step by triggers, so every writer — the web's sends, the worker's stored replies, an edit — is indexed
 * with no code of its own. Each also indexes the owner's id, so a search reads only that user's postings.
 * No stemming (the app speaks five languages); diacritics are folded.
 *
 * PostgreSQL: GIN indexes on the 'simple' text-search vector of the same columns; the search queries spell
 * the same expression, so the planner uses them.
 *
 * Existing rows are indexed here.
 */
const TOKENIZE = "unicode61 remove_diacritics 2";

/** An external-content FTS5 table over `table.text` and `table.user_id`, and the triggers that keep it true. */
async function sqliteIndex(db: Kysely<any>, fts: string, table: string, text: string) {
  await sql
    .raw(
      `create virtual table ${fts} using fts5(${text}, user_id, content='${table}', content_rowid='rowid', tokenize='${TOKENIZE}')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_insert after insert on ${table} begin
         insert into ${fts}(rowid, ${text}, user_id) values (new.rowid, new.${text}, new.user_id);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_delete after delete on ${table} begin
         insert into ${fts}(${fts}, rowid, ${text}, user_id) values ('delete', old.rowid, old.${text}, old.user_id);
       end`,
    )
    .execute(db);
  // Only a change of the indexed text re-indexes: a reply's status or a chat's updated_at changes often.
  await sql
    .raw(
      `create trigger ${fts}_update after update of ${text}, user_id on ${table} begin
         insert into ${fts}(${fts}, rowid, ${text}, user_id) values ('delete', old.rowid, old.${text}, old.user_id);
         insert into ${fts}(rowid, ${text}, user_id) values (new.rowid, new.${text}, new.user_id);
       end`,
    )
    .execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index chat_messages_content_search on chat_messages using gin (to_tsvector('simple', content))`.execute(
      db,
    );
    await sql`create index chat_history_title_search on chat_history using gin (to_tsvector('simple', title))`.execute(
      db,
    );
    return;
  }
  await sqliteIndex(db, "chat_messages_fts", "chat_messages", "content");
  await sqliteIndex(db, "chat_history_fts", "chat_history", "title");
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists chat_messages_content_search`.execute(db);
    await sql`drop index if exists chat_history_title_search`.execute(db);
    return;
  }
  for (const fts of ["chat_messages_fts", "chat_history_fts"]) {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists ${fts}_${trigger}`).execute(db);
    }
    await sql.raw(`drop table if exists ${fts}`).execute(db);
  }
}
