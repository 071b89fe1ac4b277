/**
 * docs/product.md §3: the users an admin manages. Each function takes the acting admin first and enforces the
 * console's rules itself (no removing your own admin role, no deleting yourself, never zero admins), so no
 * route can forget them.
 */
import { sql } from "kysely";
import type { RedisClient } from "#platform/redis";
import { isPostgres, type Db } from "#db/database";
import { nowIso, type Plan, type Role, type User } from "#db/schema";
import type { SessionUser } from "../auth/session.server";
import { revokeSessions } from "../auth/session.server";
import { removeTwoFactor } from "../auth/two-factor.server";
import { grantRole } from "../auth/users.server";
import { activeCompletionIds } from "#db/active-completions";
import { PLAN_LABELS } from "../billing/plan";
import { requestStops } from "../completions/stop.server";
import { adminTexts, adminToasts, twoFactorTexts } from "../texts/catalogue";
import { publishEvent } from "../realtime/publish.server";
import { webLogger } from "~/utils/logger.server";
import { auditTrail, type AuditAction } from "./audit.server";
import type { UserAction, UserFlagIntent, UserListQuery } from "./schemas";
import { Refusal } from "~/modules/errors/refusal";

export const USERS_PAGE_SIZE = 25;

/** One user as the admin users screen shows it (docs/product.md §1). */
export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  plan: Plan;
  isDemo: boolean;
  createdAt: string;
  roles: Role[];
  isAdmin: boolean;
  isBanned: boolean;
  isRestricted: boolean;
  apiUsage: number;
}

/** A refusal the admin sees as a message (status 4xx); anything else is a failure toast. */
export class AdminActionError extends Refusal<400 | 404 | 409> {}

/** The row an admin acts on, or the 404 refusal that says it is not there. */
export function found<Row>(row: Row | undefined, notFoundMessage: string): Row {
  if (!row) throw new AdminActionError(notFoundMessage, 404);
  return row;
}

/** One page, newest first. Search is an e-mail prefix or an exact id, both index lookups, never a scan. */
export async function listUsers(db: Db, query: UserListQuery) {
  let select = db
    .selectFrom("users")
    .select(["users.id", "users.email", "users.name", "users.plan", "users.is_demo", "users.created_at"])
    .orderBy("users.created_at", "desc")
    .orderBy("users.id", "desc")
    .limit(USERS_PAGE_SIZE + 1);
  const q = query.q.toLowerCase();
  if (q) {
    select = /^[0-9a-f-]{36}$/.test(q)
      ? select.where("users.id", "=", q)
      : select.where("users.email", ">=", q).where("users.email", "<", `${q}\u{10FFFF}`);
  }
  if (query.role) {
    const role = query.role;
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_roles")
          .select("user_roles.user_id")
          .whereRef("user_roles.user_id", "=", "users.id")
          .where("user_roles.role", "=", role),
      ),
    );
  }
  if (query.after) {
    const [createdAt, id] = query.after.split("~") as [string, string];
    select = select.where((eb) =>
      eb.or([
        eb("users.created_at", "<", createdAt),
        eb.and([eb("users.created_at", "=", createdAt), eb("users.id", "<", id)]),
      ]),
    );
  }
  const rows = await select.execute();
  const page = rows.slice(0, USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: await withRolesAndUsage(db, page),
    nextCursor: rows.length > USERS_PAGE_SIZE && last ? `${last.created_at}~${last.id}` : null,
  };
}

type UserBasics = Pick<User, "id" | "email" | "name" | "plan" | "is_demo" | "created_at">;

async function withRolesAndUsage(db: Db, users: UserBasics[]): Promise<AdminUserRow[]> {
  if (users.length === 0) return [];
  const ids = users.map((user) => user.id);
  const [roles, usage] = await Promise.all([
    db.selectFrom("user_roles").select(["user_id", "role"]).where("user_id", "in", ids).execute(),
    // The usage ledger: requests stay counted after the chat they were asked in is deleted.
    db
      .selectFrom("usage_events")
      .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("user_id", "in", ids)
      .groupBy("user_id")
      .execute(),
  ]);
  return users.map((user) => {
    const own = roles.filter((row) => row.user_id === user.id).map((row) => row.role);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      plan: user.plan,
      isDemo: user.is_demo === 1,
      createdAt: user.created_at,
      roles: own,
      isAdmin: own.includes("admin"),
      isBanned: own.includes("banned"),
      isRestricted: own.includes("restricted"),
      apiUsage: Number(usage.find((row) => row.user_id === user.id)?.n ?? 0),
    };
  });
}

export async function getAdminUser(db: Db, userId: string): Promise<AdminUserRow | null> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "name", "plan", "is_demo", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return user ? ((await withRolesAndUsage(db, [user]))[0] ?? null) : null;
}

const FLAG_CHANGES: Record<UserFlagIntent, { role: Role; add: boolean; audit: AuditAction }> = {
  "grant-admin": { role: "admin", add: true, audit: "admin.grant" },
  "revoke-admin": { role: "admin", add: false, audit: "admin.revoke" },
  ban: { role: "banned", add: true, audit: "user.ban" },
  unban: { role: "banned", add: false, audit: "user.unban" },
  restrict: { role: "restricted", add: true, audit: "user.restrict" },
  unrestrict: { role: "restricted", add: false, audit: "user.unrestrict" },
};

/** The user's replies still queued or streaming: a ban or a deletion stops them at once. */
const runningCompletions = (db: Db, userId: string) => activeCompletionIds(db, "user_id", userId);

/** Admins left who are not banned; counted inside the transaction that would remove one. */
async function activeAdminCount(trx: Db): Promise<number> {
  if (isPostgres(trx)) {
    await sql`select user_id from user_roles where role = 'admin' for update`.execute(trx);
  }
  const row = await trx
    .selectFrom("user_roles as a")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("a.role", "=", "admin")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("user_roles as b")
            .select("b.user_id")
            .whereRef("b.user_id", "=", "a.user_id")
            .where("b.role", "=", "banned"),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Work after the change is stored: a failure is logged, not thrown, so the admin is not told a ban failed
 * when it is in force (sessions revoked; a stop lost to a Redis outage leaves one reply to finish).
 */
async function afterCommit(what: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    webLogger().error({ err: error }, `${what} failed`);
  }
}

export interface ActionContext {
  db: Db;
  redis: RedisClient;
  ip: string | null;
}

/** What the admin did, for the success toast. */
export type ActionOutcome = { kind: "updated"; what: string } | { kind: "deleted" };

export async function applyUserAction(
  ctx: ActionContext,
  actor: SessionUser,
  targetId: string,
  action: UserAction,
): Promise<ActionOutcome> {
  const { db, redis } = ctx;
  const target = found(
    await db.selectFrom("users").select(["id", "email"]).where("id", "=", targetId).executeTakeFirst(),
    adminTexts.userNotFound,
  );
  const self = target.id === actor.user.id;
  const audit = auditTrail(
    ctx,
    actor.user.id,
    { targetType: "user", targetId: target.id },
    { email: target.email },
  );

  if (action.intent === "plan") {
    await db
      .updateTable("users")
      .set({ plan: action.plan, updated_at: nowIso() })
      .where("id", "=", target.id)
      .execute();
    await audit("user.plan", { plan: action.plan });
    return {
      kind: "updated",
      what: adminTexts.planSet(PLAN_LABELS[action.plan]),
    };
  }

  if (action.intent === "reset-two-factor") {
    // For someone who lost both the phone and the recovery codes; they sign in with the password alone again.
    if (!(await removeTwoFactor(db, target.id)))
      throw new AdminActionError(twoFactorTexts.resetNothing(target.email), 409);
    await audit("two-factor.reset");
    return { kind: "updated", what: twoFactorTexts.reset(target.email) };
  }

  if (action.intent === "delete") {
    if (self) throw new AdminActionError(adminTexts.selfDelete, 409);
    if (action.confirm.toLowerCase() !== target.email)
      throw new AdminActionError(adminTexts.confirmDelete, 400);
    const running = await runningCompletions(db, target.id);
    await db.transaction().execute(async (trx) => {
      // Cascades remove roles, sessions, chats, messages, completions, orders, keys and preferences.
      await trx.deleteFrom("users").where("id", "=", target.id).execute();
      if ((await activeAdminCount(trx)) === 0) throw new AdminActionError(adminTexts.lastAdmin, 409);
    });
    await afterCommit("stopping a deleted user's replies", () => requestStops(redis, running));
    await audit("user.delete");
    await publishEvent(redis, { type: "user-banned", userId: target.id });
    return { kind: "deleted" };
  }

  const change = FLAG_CHANGES[action.intent];
  if (self && action.intent === "revoke-admin") throw new AdminActionError(adminTexts.selfAdmin, 409);
  if (self && change.add && change.role !== "admin") throw new AdminActionError(adminTexts.selfBan, 409);
  await db.transaction().execute(async (trx) => {
    if (change.add) await grantRole(trx, target.id, change.role);
    else {
      await trx
        .deleteFrom("user_roles")
        .where("user_id", "=", target.id)
        .where("role", "=", change.role)
        .execute();
    }
    if (change.role === "banned" && change.add) await revokeSessions(trx, target.id);
    if ((await activeAdminCount(trx)) === 0) throw new AdminActionError(adminTexts.lastAdmin, 409);
  });
  if (change.role === "banned" && change.add) {
    const running = await runningCompletions(db, target.id);
    await afterCommit("stopping a banned user's replies", () => requestStops(redis, running));
    await publishEvent(redis, { type: "user-banned", userId: target.id });
  } else {
    await publishEvent(redis, { type: "roles-changed", userId: target.id });
  }
  await audit(change.audit);
  return { kind: "updated", what: adminTexts.flagDone[action.intent] };
}

/** docs/product.md §9: the toast for a failed user action, by what was tried. */
export function userActionFailureToast(intent: UserAction["intent"], description?: string) {
  const base =
    intent === "grant-admin" || intent === "revoke-admin"
      ? adminToasts.permissionFailed
      : intent === "delete"
        ? adminToasts.deletionFailed
        : adminToasts.actionFailed;
  return { title: base.title, description: description ?? base.description };
}
