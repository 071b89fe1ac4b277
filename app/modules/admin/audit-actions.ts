/** Every kind of entry in the audit log; the activity screen filters by these. */
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
  "model.create",
  "model.update",
  "model.reorder",
  "settings.update",
  "user-key.revoke",
  "signin.failure",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The security events the Logs screen shows: sign-in failures, bans, role, plan and key changes, vendor switches. */
export const SECURITY_ACTIONS = [
  "signin.failure",
  "admin.grant",
  "admin.revoke",
  "user.ban",
  "user.unban",
  "user.restrict",
  "user.unrestrict",
  "user.plan",
  "user.delete",
  "vendor.activate",
  "vendor.key",
  "user-key.revoke",
] as const satisfies readonly AuditAction[];
