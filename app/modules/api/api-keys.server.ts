/**
 * Personal keys for the developer API (docs/product.md §12). A key is `rk-` and 43 base64url characters of a
 * 32-byte random secret; only its SHA-256 is stored, with the first characters as a visible prefix, so the
 * full key is shown once, when it is made. Every API request looks the key up together with its user's plan
 * and roles, so a revoked key, a lapsed plan or a ban stops the next request.
 */
import { createHash, randomBytes } from "node:crypto";
import { lockUserRow, type Db } from "#db/database";
import { insertWithNewId } from "#db/new-row";
import { nowIso, type Role, type User } from "#db/schema";
import { rolesOf } from "../auth/users.server";
import { effectivePlan } from "#db/plans";
import { apiTexts, messages } from "../texts/catalogue";
import { Refusal } from "../errors/refusal";
import { webEnv } from "~/utils/env.server";
import { ApiError } from "./api-errors";

export const KEY_PREFIX = "rk-";
/** Characters of the key shown in lists: 'rk-' and the first 8 of the secret. */
const VISIBLE_CHARS = KEY_PREFIX.length + 8;
const KEY_FORMAT = /^rk-[A-Za-z0-9_-]{43}$/;

const hashSecret = (key: string) => createHash("sha256").update(key).digest("hex");

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Refusals of the API keys page (a Starter or demo account, an unknown key, one key too many). */
export class ApiKeyRefusal extends Refusal<403 | 404 | 409> {}

/** Only a Professional, non-demo account may hold keys; checked on the page and again at every API request. */
export function mayUseApi(user: Pick<User, "plan" | "plan_expires_at" | "is_demo">): boolean {
  return user.is_demo === 0 && effectivePlan(user) === "professional";
}

/**
 * Makes a key and returns it in full: the only time it exists outside the caller's hands. An account holds at
 * most API_KEYS_PER_USER keys in force, counted under the user's row lock so parallel creates cannot pass it.
 */
export async function createApiKey(db: Db, user: User, name: string): Promise<{ key: string; id: string }> {
  if (!mayUseApi(user)) throw new ApiKeyRefusal(apiTexts.professionalOnly, 403);
  const limit = webEnv().apiKeysPerUser;
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const id = await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, user.id);
    const held = await trx
      .selectFrom("api_keys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", user.id)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= limit) throw new ApiKeyRefusal(apiTexts.tooManyKeys(limit), 409);
    return insertWithNewId(trx, "api_keys", {
      user_id: user.id,
      name,
      prefix: key.slice(0, VISIBLE_CHARS),
      secret_hash: hashSecret(key),
      created_at: nowIso(),
      last_used_at: null,
      revoked_at: null,
    });
  });
  return { key, id };
}

/** The user's keys still in force, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .selectFrom("api_keys")
    .select(["id", "name", "prefix", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

/** Revokes one of the user's keys at once; someone else's key, or one already revoked, is a 404. */
export async function revokeApiKey(db: Db, userId: string, keyId: string): Promise<void> {
  const result = await db
    .updateTable("api_keys")
    .set({ revoked_at: nowIso() })
    .where("id", "=", keyId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ApiKeyRefusal(apiTexts.keyNotFound, 404);
}

/** Who an API request acts for: the user (with their plan as of now), their roles and the key used. */
export interface ApiCaller {
  user: User;
  roles: Role[];
  keyId: string;
}

function bearerKey(authorization: string | null): string {
  if (!authorization?.trim()) throw new ApiError(401, apiTexts.missingKey, "missing_api_key");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  if (!match) throw new ApiError(401, apiTexts.malformedKey, "invalid_api_key");
  return match[1]!;
}

/**
 * The caller of an API request, checked in full every time: the key exists and is not revoked, its user is
 * not banned, and the account is Professional (not a demo). Marks the key as used.
 */
export async function authenticateApiRequest(db: Db, authorization: string | null): Promise<ApiCaller> {
  const key = bearerKey(authorization);
  // A malformed key cannot match: no lookup, the same answer as an unknown one.
  if (!KEY_FORMAT.test(key)) throw new ApiError(401, apiTexts.invalidKey, "invalid_api_key");
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .selectAll("users")
    .select(["api_keys.id as key_id"])
    .where("api_keys.secret_hash", "=", hashSecret(key))
    .where("api_keys.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new ApiError(401, apiTexts.invalidKey, "invalid_api_key");
  const { key_id: keyId, ...stored } = row;
  const roles = await rolesOf(db, stored.id);
  if (roles.includes("banned")) throw new ApiError(403, messages.accountBanned, "account_suspended");
  if (!mayUseApi(stored)) throw new ApiError(403, apiTexts.professionalOnly, "plan_required");
  await db.updateTable("api_keys").set({ last_used_at: nowIso() }).where("id", "=", keyId).execute();
  return { user: { ...stored, plan: effectivePlan(stored) }, roles, keyId };
}
