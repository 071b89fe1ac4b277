/**
 * The Roles and API keys screens (docs/product.md §4): who holds which role, granted by e-mail through the same
 * rules as the users screen; the vendors' keys (set, last 4, last test) and the keys users stored for
 * themselves, counted per vendor and revocable. No key is ever read back beyond its last four characters.
 */
import type { Db } from "#db/database";
import type { Role } from "#db/schema";
import type { SessionUser } from "../auth/session.server";
import { adminTexts } from "../texts/catalogue";
import { auditTrail } from "./audit.server";
import type { RoleGrant } from "./schemas";
import { AdminActionError, applyUserAction, found, type ActionContext } from "./users.server";
import { listVendors } from "./vendors.server";

const ROLE_ORDER: Role[] = ["admin", "restricted", "banned"];
const ASSIGNMENTS_SHOWN = 500;

export async function listRoleAssignments(db: Db) {
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("users", "users.id", "user_roles.user_id")
    .select(["user_roles.role", "user_roles.created_at", "users.id", "users.email"])
    .orderBy("user_roles.role")
    .orderBy("user_roles.created_at", "desc")
    .limit(ASSIGNMENTS_SHOWN)
    .execute();
  return ROLE_ORDER.map((role) => ({
    role,
    users: rows
      .filter((row) => row.role === role)
      .map((row) => ({ id: row.id, email: row.email, since: row.created_at })),
  }));
}

const GRANT_INTENT = { admin: "grant-admin", banned: "ban", restricted: "restrict" } as const;

/** The users screen's own action does it, so the same rules hold (no banning yourself, never zero admins). */
export async function grantRoleByEmail(ctx: ActionContext, actor: SessionUser, grant: RoleGrant) {
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "=", grant.email)
    .executeTakeFirst();
  if (!user) throw new AdminActionError(adminTexts.noUserWithEmail, 400);
  await applyUserAction(ctx, actor, user.id, { intent: GRANT_INTENT[grant.role] });
  return adminTexts.roleGranted(grant.role, user.email);
}

const KEYS_SHOWN = 50;

export async function loadApiKeys(db: Db, appSecret: string, vendor: string | undefined) {
  let stored = db
    .selectFrom("user_api_keys")
    .innerJoin("users", "users.id", "user_api_keys.user_id")
    .select([
      "user_api_keys.user_id",
      "user_api_keys.vendor",
      "user_api_keys.last4",
      "user_api_keys.verified_at",
      "users.email",
    ])
    .orderBy("user_api_keys.created_at", "desc")
    .limit(KEYS_SHOWN);
  if (vendor) stored = stored.where("user_api_keys.vendor", "=", vendor);
  const [vendors, counts, keys] = await Promise.all([
    listVendors(db, appSecret),
    db
      .selectFrom("user_api_keys")
      .select(["vendor", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("vendor")
      .execute(),
    stored.execute(),
  ]);
  return {
    vendors: vendors.map((row) => ({
      name: row.name,
      displayName: row.displayName,
      keyLast4: row.keyLast4,
      lastTest: row.lastTest,
      userKeys: Number(counts.find((count) => count.vendor === row.name)?.n ?? 0),
    })),
    keys: keys.map((row) => ({
      userId: row.user_id,
      email: row.email,
      vendor: row.vendor,
      last4: row.last4,
      verifiedAt: row.verified_at,
    })),
    vendor: vendor ?? null,
  };
}

export async function revokeUserKey(
  ctx: ActionContext,
  actor: SessionUser,
  key: { userId: string; vendor: string },
) {
  const owner = found(
    await ctx.db
      .selectFrom("user_api_keys")
      .innerJoin("users", "users.id", "user_api_keys.user_id")
      .select(["users.email"])
      .where("user_api_keys.user_id", "=", key.userId)
      .where("user_api_keys.vendor", "=", key.vendor)
      .executeTakeFirst(),
    adminTexts.keyNotFound,
  );
  await ctx.db
    .deleteFrom("user_api_keys")
    .where("user_id", "=", key.userId)
    .where("vendor", "=", key.vendor)
    .execute();
  await auditTrail(ctx, actor.user.id, { targetType: "user", targetId: key.userId })("user-key.revoke", {
    email: owner.email,
    vendor: key.vendor,
  });
  return adminTexts.keyRevoked(key.vendor, owner.email);
}
