import type { Kysely } from "kysely";
import { addIndex, withTextKey } from "../migration-helpers";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, not typed against today's schema */

export async function up(db: Kysely<any>): Promise<void> {
  // A paid plan runs until this time; null means it does not end (Starter, or a plan set by an operator).
  await db.schema.alterTable("users").addColumn("plan_expires_at", "text").execute();
  // Set by 'Cancel plan': the plan stays until plan_expires_at and is not renewed.
  await db.schema.alterTable("users").addColumn("plan_cancelled_at", "text").execute();

  // The checkout's state lives in the order row (draft → pending → paid | failed), so it works without JavaScript.
  await db.schema
    .alterTable("orders")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("usd"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("provider", "text", (c) => c.notNull().defaultTo("simulated"))
    .execute();
  await db.schema.alterTable("orders").addColumn("provider_ref", "text").execute();
  await db.schema.alterTable("orders").addColumn("failure", "text").execute();
  await db.schema.alterTable("orders").addColumn("paid_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("updated_at", "text").execute();
  await addIndex(db, "orders_user_idx", "orders", ["user_id", "created_at"]);

  // Each provider event (e.g. a Stripe webhook) is applied once: its id is recorded in the same transaction.
  await withTextKey(db.schema.createTable("payment_events"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_events").ifExists().execute();
  await db.schema.dropIndex("orders_user_idx").ifExists().execute();
  for (const column of ["updated_at", "paid_at", "failure", "provider_ref", "provider", "currency"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.alterTable("users").dropColumn("plan_cancelled_at").execute();
  await db.schema.alterTable("users").dropColumn("plan_expires_at").execute();
}
