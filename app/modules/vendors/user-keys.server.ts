/**
 * Users' own vendor keys (bring your own). Stored encrypted, used only for that user's replies; the key dialog
 * opens only when the user asks for it (docs/product.md §4).
 */
import { encryptSecret } from "#platform/crypto";
import type { Db } from "#db/database";
import { activeVendor, canAnswer } from "#db/vendors";
import { nowIso } from "#db/schema";
import type { VendorCheckResult } from "#contract/jobs";
import { failureMessage } from "../texts/catalogue";
import { takeKeyCheck } from "../auth/rate-limit.server";
import { keyMessages } from "./key-messages";
import { runVendorCheck } from "./vendor-check.server";
import { Refusal } from "~/modules/errors/refusal";

export interface UserKeyStatus {
  /** The active vendor, whose key the user would provide. */
  vendor: string;
  vendorName: string;
  /** True when no vendor has a key of the service's own, so replies need the user's own. */
  required: boolean;
  /** Last four characters of the user's stored key for that vendor, or null. */
  last4: string | null;
}

export async function userKeyStatus(db: Db, userId: string): Promise<UserKeyStatus | null> {
  const active = await activeVendor(db);
  if (!active) return null;
  const own = await db
    .selectFrom("user_api_keys")
    .select("last4")
    .where("user_id", "=", userId)
    .where("vendor", "=", active.name)
    .executeTakeFirst();
  return {
    vendor: active.name,
    vendorName: active.display_name,
    required: !active.api_key_encrypted && !(await canAnswer(db, null)),
    last4: own?.last4 ?? null,
  };
}

export class UserKeyError extends Refusal<400 | 422 | 429 | 503> {}

/** Tries the key against the vendor through a worker before anything is stored. */
async function verifyKey(vendor: string, apiKey: string, appSecret: string): Promise<VendorCheckResult> {
  try {
    return await runVendorCheck({ vendor, encryptedKey: encryptSecret(apiKey, appSecret) });
  } catch {
    throw new UserKeyError(keyMessages.verifyUnavailable, 503);
  }
}

/** The key form (docs/product.md §4): checks the key with the active vendor, then stores it encrypted. */
export async function saveUserKey(
  db: Db,
  userId: string,
  apiKey: string,
  appSecret: string,
): Promise<UserKeyStatus> {
  const status = await userKeyStatus(db, userId);
  if (!status) throw new UserKeyError(failureMessage({ code: "no_active_vendor" }), 422);
  if (!(await takeKeyCheck(userId))) throw new UserKeyError(keyMessages.tooManyChecks, 429);
  const result = await verifyKey(status.vendor, apiKey, appSecret);
  if (!result.ok) throw new UserKeyError(keyMessages.verificationFailed(failureMessage(result.failure)), 422);
  const now = nowIso();
  const values = {
    api_key_encrypted: encryptSecret(apiKey, appSecret),
    last4: apiKey.slice(-4),
    verified_at: now,
  };
  try {
    await db
      .insertInto("user_api_keys")
      .values({ user_id: userId, vendor: status.vendor, created_at: now, ...values })
      .onConflict((oc) => oc.columns(["user_id", "vendor"]).doUpdateSet(values))
      .execute();
  } catch {
    throw new UserKeyError(keyMessages.storeFailed, 503);
  }
  return { ...status, last4: values.last4 };
}
