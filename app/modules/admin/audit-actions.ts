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
  "model.update",
  "settings.update",
  "user-key.revoke",
  "signin.failure",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
