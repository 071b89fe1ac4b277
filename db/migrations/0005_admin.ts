import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

/**
 * The admin console's reads stay indexed at tens of thousands of users: the user list pages by
 * (created_at, id), searches by e-mail prefix (users.email is already unique), filters by role; the audit log
 * filters by action, actor and target over time; analytics aggregate completions by time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("ip", "text").execute();
  await db.schema.createIndex("users_created_id").on("users").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("user_roles_role_user").on("user_roles").columns(["role", "user_id"]).execute();
  await db.schema
    .createIndex("audit_log_action_created")
    .on("audit_log")
    .columns(["action", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_log_actor_created")
    .on("audit_log")
    .columns(["actor_user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_log_target_created")
    .on("audit_log")
    .columns(["target_id", "created_at"])
    .execute();
  await db.schema.createIndex("completions_created").on("completions").column("created_at").execute();
  await db.schema
    .createIndex("completion_attempts_created")
    .on("completion_attempts")
    .columns(["created_at", "vendor"])
    .execute();
  await db.schema.createIndex("user_api_keys_vendor").on("user_api_keys").column("vendor").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "user_api_keys_vendor",
    "completion_attempts_created",
    "completions_created",
    "audit_log_target_created",
    "audit_log_actor_created",
    "audit_log_action_created",
    "user_roles_role_user",
    "users_created_id",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable("audit_log").dropColumn("ip").execute();
}
