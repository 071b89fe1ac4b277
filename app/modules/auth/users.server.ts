import { randomBytes } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { isUniqueViolation, type Db } from "#db/database";
import { nowIso, type Role, type User } from "#db/schema";
import { messages } from "../texts/catalogue";
import { Refusal } from "../errors/refusal";
import { hashPassword, verifyPassword } from "./password.server";
import { revokeSessions } from "./session.server";

/** The one fixed e-mail that starts a demo; each use gets its own, expiring user (docs/product.md §7). */
export const DEMO_EMAIL = "demo@rogue-ai.app";
export const DEMO_PASSWORD = "try-rogue-ai";
const DEMO_LIFETIME_MS = 24 * 3600 * 1000;

export interface PublicUser {
  id: string;
  email: string;
  name: string;
  isDemo: boolean;
  isProfessional: boolean;
}

/** The name defaults to the part of the e-mail before the at-sign, or 'User' (docs/product.md §7). */
export function displayName(name: string | null | undefined, email: string): string {
  return name?.trim() || email.split("@")[0] || "User";
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.is_demo ? DEMO_EMAIL : user.email,
    name: displayName(user.name, user.email),
    isDemo: user.is_demo === 1,
    isProfessional: user.plan === "professional",
  };
}

export class EmailTakenError extends Refusal<409> {
  constructor() {
    super(messages.emailTaken, 409);
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", normaliseEmail(email)).executeTakeFirst();
}

/**
 * A new account. `password` null: one that signs in only through an identity provider, whose confirmed address
 * counts as proved (`emailVerified`).
 */
export async function createUser(
  db: Db,
  input: { email: string; name: string; password: string | null; emailVerified?: boolean },
): Promise<User> {
  const now = nowIso();
  const user: User = {
    id: uuidv7(),
    email: normaliseEmail(input.email),
    name: input.name.trim(),
    password_hash: input.password === null ? null : await hashPassword(input.password),
    plan: "starter",
    is_demo: 0,
    expires_at: null,
    plan_expires_at: null,
    plan_cancelled_at: null,
    email_verified_at: input.emailVerified ? now : null,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.insertInto("users").values(user).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
  return user;
}

/**
 * A demo visitor signing up keeps their demo user, chats and all: it becomes a real account in place.
 * Throws EmailTakenError when another account has the e-mail.
 */
export async function convertDemoUser(
  db: Db,
  demoUserId: string,
  input: { email: string; name: string; password: string },
): Promise<User> {
  const now = nowIso();
  try {
    await db
      .updateTable("users")
      .set({
        email: normaliseEmail(input.email),
        name: input.name.trim(),
        password_hash: await hashPassword(input.password),
        is_demo: 0,
        expires_at: null,
        updated_at: now,
      })
      .where("id", "=", demoUserId)
      .where("is_demo", "=", 1)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
  return db.selectFrom("users").selectAll().where("id", "=", demoUserId).executeTakeFirstOrThrow();
}

export async function createDemoUser(db: Db): Promise<User> {
  const now = new Date();
  const id = uuidv7();
  const user: User = {
    id,
    email: `demo-${randomBytes(8).toString("hex")}@demo.rogue-ai.invalid`,
    name: "Demo User",
    password_hash: null,
    plan: "starter",
    is_demo: 1,
    expires_at: new Date(now.getTime() + DEMO_LIFETIME_MS).toISOString(),
    plan_expires_at: null,
    plan_cancelled_at: null,
    email_verified_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto("users").values(user).execute();
  return user;
}

export async function purgeExpiredDemoUsers(db: Db): Promise<number> {
  const result = await db
    .deleteFrom("users")
    .where("is_demo", "=", 1)
    .where("expires_at", "<", nowIso())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute();
  return rows.map((row) => row.role);
}

export async function grantRole(db: Db, userId: string, role: Role) {
  await db
    .insertInto("user_roles")
    .values({ user_id: userId, role, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["user_id", "role"]).doNothing())
    .execute();
}

/** ADMIN_EMAIL / ADMIN_PASSWORD at start: the admin exists, has that password and the admin role. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<User> {
  const existing = await findUserByEmail(db, email);
  const user = existing ?? (await createUser(db, { email, name: "Administrator", password }));
  // A new password ends every session: whoever held one (stolen or not) must sign in with it. The same
  // password again (each start with ADMIN_PASSWORD set) changes nothing and signs nobody out.
  const unchanged = existing?.password_hash && (await verifyPassword(existing.password_hash, password));
  if (existing && !unchanged) {
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, updated_at: nowIso() })
        .where("id", "=", existing.id)
        .execute();
      await revokeSessions(trx, existing.id);
    });
  }
  // The operator gave this address: it needs no confirming link.
  await db
    .updateTable("users")
    .set({ email_verified_at: nowIso() })
    .where("id", "=", user.id)
    .where("email_verified_at", "is", null)
    .execute();
  await grantRole(db, user.id, "admin");
  return user;
}
