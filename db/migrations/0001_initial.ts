import type { CreateTableBuilder, Kysely } from "kysely";
import { isPostgres } from "../database";
import {
  addIndex,
  deletedWith,
  ownedByChat,
  ownedByUser,
  withTextKey,
  withTimestamps,
} from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

function withSerialId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withTextKey(db.schema.createTable("users"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("plan", "text", (c) => c.notNull().defaultTo("starter"))
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text")
    .$call(withTimestamps)
    .execute();

  await ownedByUser(db.schema.createTable("sessions"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "sessions_user_id", "sessions", ["user_id"]);

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "text", deletedWith("users.id"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role"])
    .execute();

  await withSerialId(db, db.schema.createTable("api_vendors"))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("endpoint_url", "text", (c) => c.notNull())
    .addColumn("api_key_encrypted", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("priority_order", "integer", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();

  await withTextKey(db.schema.createTable("ai_models"), "model_id")
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("icon_text", "text", (c) => c.notNull())
    .addColumn("size_label", "text", (c) => c.notNull())
    .addColumn("description_items", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("is_new", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_pro", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_beta", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("supports_images", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withSerialId(db, db.schema.createTable("api_vendor_models"))
    .addColumn("vendor_id", "integer", deletedWith("api_vendors.id"))
    .addColumn("model_id", "text", (c) => c.notNull())
    .addColumn("ai_model_id", "text", deletedWith("ai_models.model_id"))
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("is_available", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("config", "text", (c) => c.notNull().defaultTo("{}"))
    .addUniqueConstraint("api_vendor_models_vendor_ai_model", ["vendor_id", "ai_model_id"])
    .execute();

  await withTextKey(db.schema.createTable("system_settings"), "setting_key")
    .addColumn("setting_value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await ownedByUser(db.schema.createTable("chat_history"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("model_id", "text", (c) => c.notNull())
    .addColumn("archived_at", "text")
    .$call(withTimestamps)
    .execute();
  await addIndex(db, "chat_history_user_updated", "chat_history", ["user_id", "updated_at"]);

  await ownedByChat(db.schema.createTable("chat_messages"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("model_id", "text")
    .addColumn("vendor", "text")
    .addColumn("completion_id", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("complete"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "chat_messages_chat_created", "chat_messages", ["chat_id", "created_at", "id"]);

  await ownedByChat(db.schema.createTable("completions"))
    .addColumn("user_message_id", "text", deletedWith("chat_messages.id"))
    .addColumn("model_id", "text", (c) => c.notNull())
    .addColumn("temperature", "real", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("vendor", "text")
    .addColumn("error_code", "text")
    .addColumn("error_status", "integer")
    .addColumn("error_detail", "text")
    .addColumn("prompt_tokens", "integer")
    .addColumn("completion_tokens", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("first_token_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await addIndex(db, "completions_user_created", "completions", ["user_id", "created_at"]);
  await addIndex(db, "completions_chat", "completions", ["chat_id"]);

  await withSerialId(db, db.schema.createTable("completion_attempts"))
    .addColumn("completion_id", "text", deletedWith("completions.id"))
    .addColumn("vendor", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "completion_attempts_completion", "completion_attempts", ["completion_id"]);

  await ownedByUser(db.schema.createTable("orders"))
    .addColumn("tier", "text", (c) => c.notNull())
    .addColumn("billing", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable("audit_log"))
    .addColumn("actor_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addIndex(db, "audit_log_created", "audit_log", ["created_at"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_log",
    "orders",
    "completion_attempts",
    "completions",
    "chat_messages",
    "chat_history",
    "system_settings",
    "api_vendor_models",
    "ai_models",
    "api_vendors",
    "user_roles",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
