import type { Kysely } from "kysely";
import { addIndex } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * The admin console's reads stay indexed at tens of thousands of users: the user list pages by
 * (created_at, id), searches by e-mail prefix (users.email is already unique), filters by role; the audit log
 * filters by action, actor and target over time; analytics aggregate completions by time.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["users_created_id", "users", ["created_at", "id"]],
  ["user_roles_role_user", "user_roles", ["role", "user_id"]],
  ["audit_log_action_created", "audit_log", ["action", "created_at"]],
  ["audit_log_actor_created", "audit_log", ["actor_user_id", "created_at"]],
  ["audit_log_target_created", "audit_log", ["target_id", "created_at"]],
  ["completions_created", "completions", ["created_at"]],
  ["completion_attempts_created", "completion_attempts", ["created_at", "vendor"]],
  ["user_api_keys_vendor", "user_api_keys", ["vendor"]],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("ip", "text").execute();
  for (const [name, table, columns] of INDEXES) await addIndex(db, name, table, columns);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES.toReversed()) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.alterTable("audit_log").dropColumn("ip").execute();
}
