import { decryptSecret } from "#platform/crypto";
import type { Db } from "#db/database";

export interface VendorRoute {
  vendor: string;
  endpointUrl: string;
  /** Null when neither the vendor nor the user has a key: the attempt fails with key_missing. */
  apiKey: string | null;
  vendorModelId: string;
}

/**
 * The vendors to try for a catalogue model, in order: the active vendor first, then the others serving the
 * model by priority_order. A vendor without a key of the service's own uses the user's key for it, if any.
 * A vendor with a key is used without being activated; vendors without any key are left out while one has a
 * key, and tried only when none has (their attempt then reports key_missing). Empty when no vendor serves it.
 */
export async function vendorRoutes(
  db: Db,
  aiModelId: string,
  userId: string,
  appSecret: string,
): Promise<VendorRoute[]> {
  const rows = await db
    .selectFrom("api_vendor_models as m")
    .innerJoin("api_vendors as v", "v.id", "m.vendor_id")
    .leftJoin("user_api_keys as k", (join) =>
      join.onRef("k.vendor", "=", "v.name").on("k.user_id", "=", userId),
    )
    .select(["v.name", "v.endpoint_url", "v.is_active", "m.model_id"])
    .select((eb) => eb.fn.coalesce("v.api_key_encrypted", "k.api_key_encrypted").as("api_key_encrypted"))
    .where("m.ai_model_id", "=", aiModelId)
    .where("m.is_available", "=", 1)
    .orderBy("v.is_active", "desc")
    .orderBy("v.priority_order")
    .execute();
  const keyed = rows.filter((row) => row.api_key_encrypted);
  return (keyed.length > 0 ? keyed : rows).map((row) => ({
    vendor: row.name,
    endpointUrl: row.endpoint_url,
    apiKey: row.api_key_encrypted ? decryptSecret(row.api_key_encrypted, appSecret) : null,
    vendorModelId: row.model_id,
  }));
}
