import type { Db } from "./database";

/** The vendor replies go to first (at most one is active), or undefined when an admin has activated none. */
export async function activeVendor(db: Db) {
  return db
    .selectFrom("api_vendors")
    .select(["id", "name", "display_name", "api_key_encrypted"])
    .where("is_active", "=", 1)
    .orderBy("priority_order")
    .executeTakeFirst();
}
