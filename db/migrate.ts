import { Migrator, type Migration } from "kysely";
import type { Db } from "./database";
import * as initial from "./migrations/0001_initial";
import * as chatFeatures from "./migrations/0002_chat_features";
import * as usageLedger from "./migrations/0003_usage_ledger";
import * as checkout from "./migrations/0004_checkout";
import * as admin from "./migrations/0005_admin";
import * as analyticsIndex from "./migrations/0006_analytics_index";
import * as developerApi from "./migrations/0007_developer_api";
import * as sharedChats from "./migrations/0008_shared_chats";
import * as finishReason from "./migrations/0009_finish_reason";
import * as contextWindows from "./migrations/0010_context_windows";
import * as requestOptions from "./migrations/0011_request_options";
import * as attachments from "./migrations/0012_attachments";
import * as fullTextSearch from "./migrations/0013_full_text_search";
import * as emailAndSessions from "./migrations/0014_email_and_sessions";
import * as messageTokens from "./migrations/0015_message_tokens";
import * as messageTree from "./migrations/0016_message_tree";
import * as twoFactor from "./migrations/0017_two_factor";
import * as sso from "./migrations/0018_sso";
import * as imageAttachments from "./migrations/0019_image_attachments";

/** Migrations are imported, not read from disk, so the same code runs from source, a bundle or an image. */
const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_chat_features": chatFeatures,
  "0003_usage_ledger": usageLedger,
  "0004_checkout": checkout,
  "0005_admin": admin,
  "0006_analytics_index": analyticsIndex,
  "0007_developer_api": developerApi,
  "0008_shared_chats": sharedChats,
  "0009_finish_reason": finishReason,
  "0010_context_windows": contextWindows,
  "0011_request_options": requestOptions,
  "0012_attachments": attachments,
  "0013_full_text_search": fullTextSearch,
  "0014_email_and_sessions": emailAndSessions,
  "0015_message_tokens": messageTokens,
  "0016_message_tree": messageTree,
  "0017_two_factor": twoFactor,
  "0018_sso": sso,
  "0019_image_attachments": imageAttachments,
};

export const MIGRATION_NAMES = Object.keys(migrations);

const migratorFor = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Where a database stands: each migration with the time it was applied, or null while pending. */
export async function migrationStatus(db: Db): Promise<{ name: string; executedAt: Date | null }[]> {
  const known = await migratorFor(db).getMigrations();
  return known.map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}

/**
 * Runs every migration not yet applied, or only up to `target` (for tests of a migration's own data step).
 * Forward only. Kysely holds a lock while it migrates (an advisory lock on PostgreSQL, the write lock on
 * SQLite), so processes starting together apply each migration once: the later ones find nothing to do.
 */
export async function migrateToLatest(db: Db, target?: string): Promise<string[]> {
  const migrator = migratorFor(db);
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
