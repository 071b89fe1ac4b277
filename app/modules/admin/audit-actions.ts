/** Every kind of entry in the audit log; the activity screen filters by these. */
export const AUDIT_ACTIONS = [
  "signin.failure",
  "password.reset-request",
  "password.reset",
  "email.verify",
  "session.revoke",
  "two-factor.enable",
  "two-factor.disable",
  "two-factor.recovery-codes",
  "two-factor.recovery-code-used",
  "two-factor.failure",
  "two-factor.reset",
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
  "queue.change",
  "sso.signin",
  "sso.link",
  "sso.signup",
  "sso.failure",
  "sso.provider-create",
  "sso.provider-delete",
  "sso.settings",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Routine catalogue and configuration edits: every other kind is a security event. */
const ROUTINE: ReadonlySet<AuditAction> = new Set([
  "vendor.update",
  "vendor.test",
  "model.create",
  "model.update",
  "model.reorder",
  "settings.update",
]);

/** The security events the Logs screen shows: sign-in failures, bans, role, plan and key changes, vendor switches. */
export const SECURITY_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter(
  (action) => !ROUTINE.has(action),
);

/** Which screen shows which kinds. */
export const AUDIT_SCREENS = { activity: AUDIT_ACTIONS, logs: SECURITY_ACTIONS } as const;
export type AuditScreen = keyof typeof AUDIT_SCREENS;
