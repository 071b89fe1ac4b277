/**
 * The audit log: every admin action and security event, with who did it, to whom, when and from where.
 * Details hold names and ids only — never a key, password or token (callers pass only what is safe to show).
 */
import type { Db } from "#db/database";
import { nowIso } from "#db/schema";
import { plainIp } from "~/utils/client-ip";
import type { AuditAction } from "./audit-actions";
import type { AuditQuery } from "./schemas";

export { AUDIT_ACTIONS, type AuditAction } from "./audit-actions";

export interface AuditEntry {
  actorUserId: string | null;
  action: AuditAction;
  targetType?: "user" | "vendor" | "model" | "settings" | "sso-provider";
  targetId?: string;
  details?: Record<string, string | number | boolean | null>;
  ip?: string | null;
}

export async function recordAudit(db: Db, entry: AuditEntry) {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/**
 * What an admin does to one target, for the audit log: each call records an action by `actorUserId` on the
 * target, from the request's IP, with the target's own details (`base`) before the action's.
 */
export const auditTrail =
  (
    ctx: { db: Db; ip: string | null },
    actorUserId: string,
    target: Required<Pick<AuditEntry, "targetType" | "targetId">>,
    base: AuditEntry["details"] = {},
  ) =>
  (action: AuditAction, details: AuditEntry["details"] = {}) =>
    recordAudit(ctx.db, { actorUserId, action, ...target, details: { ...base, ...details }, ip: ctx.ip });

export const AUDIT_PAGE_SIZE = 50;

/**
 * Newest first, filtered by kind and by target, paged by id; every filter is an indexed lookup. `only` keeps
 * the entries of these kinds (the Logs screen's security events).
 */
export async function listAudit(db: Db, query: AuditQuery, only?: readonly AuditAction[]) {
  let select = db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_user_id")
    // A user target is shown by name and e-mail: an admin reads people, not ids.
    .leftJoin("users as target", (join) =>
      join.onRef("target.id", "=", "audit_log.target_id").on("audit_log.target_type", "=", "user"),
    )
    .select([
      "audit_log.id",
      "audit_log.action",
      "audit_log.target_type",
      "audit_log.target_id",
      "audit_log.details",
      "audit_log.ip",
      "audit_log.created_at",
      "users.email as actor_email",
      "target.name as target_name",
      "target.email as target_email",
    ])
    .orderBy("audit_log.id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1);
  if (query.action) select = select.where("audit_log.action", "=", query.action);
  else if (only) select = select.where("audit_log.action", "in", only);
  if (query.target) select = select.where("audit_log.target_id", "=", query.target);
  if (query.before) select = select.where("audit_log.id", "<", query.before);
  const rows = await select.execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((row) => ({
      id: row.id,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      details: JSON.parse(row.details) as Record<string, string | number | boolean | null>,
      // Rows written before the web stored plain addresses may hold an IPv4-mapped one.
      ip: row.ip === null ? null : plainIp(row.ip),
      targetUser: row.target_email === null ? null : { name: row.target_name, email: row.target_email },
      createdAt: row.created_at,
      actorEmail: row.actor_email,
    })),
    before: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
