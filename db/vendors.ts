import type { Db } from "./database";

/** A vendor by its name (the name the console's jobs carry), or undefined when there is none. */
export async function vendorNamed(db: Db, name: string) {
  return db.selectFrom("api_vendors").selectAll().where("name", "=", name).executeTakeFirst();
}

/** The vendor replies go to first (at most one is active), or undefined when an admin has activated none. */
export async function activeVendor(db: Db) {
  return db
    .selectFrom("api_vendors")
    .select(["id", "name", "display_name", "api_key_encrypted"])
    .where("is_active", "=", 1)
    .orderBy("priority_order")
    .executeTakeFirst();
}

/**
 * Whether the user's replies can be answered at all: some vendor serves an available model with a key, the
 * service's own or the user's. The same vendors the worker's routing walks (worker/routing.ts), so the chat says
 * "not set up yet" exactly when a reply could only fail for want of a key. No activation step is needed.
 * A null user asks about the service's own keys only.
 */
export async function canAnswer(db: Db, userId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom("api_vendor_models as m")
    .innerJoin("api_vendors as v", "v.id", "m.vendor_id")
    .leftJoin("user_api_keys as k", (join) =>
      join.onRef("k.vendor", "=", "v.name").on("k.user_id", "=", userId ?? ""),
    )
    .select("m.id")
    .where("m.is_available", "=", 1)
    .where((eb) =>
      eb.or([eb("v.api_key_encrypted", "is not", null), eb("k.api_key_encrypted", "is not", null)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The names of the vendors serving a catalogue model (with it available), whether or not they have a key. */
export async function vendorsServing(db: Db, aiModelId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("api_vendor_models as m")
    .innerJoin("api_vendors as v", "v.id", "m.vendor_id")
    .select("v.name")
    .where("m.ai_model_id", "=", aiModelId)
    .where("m.is_available", "=", 1)
    .execute();
  return rows.map((row) => row.name);
}
