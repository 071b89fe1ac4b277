/**
 * The audit log: every admin action and security event, with who did it, to whom, when and from where.
 * Details hold names and ids only — never a key, password or token (callers pass only what is safe to show).
 */
import type { Db } from "#db/database";
import { nowIso } from "#db/schema";

export const AUDIT_ACTIONS = [
  "admin.grant",
  "admin.revoke",
  "user.ban",
  "user.unban",
  "user.restrict",
  "user.unrestrict",
  "user.plan",
  "user.delete",
  "vendor.activate",
  "vendor.update",
  "vendor.key",
  "vendor.test",
  "model.update",
  "settings.update",
  "user-key.revoke",
  "signin.failure",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  actorUserId: string | null;
  action: AuditAction;
  targetType?: "user" | "vendor" | "model" | "settings";
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
