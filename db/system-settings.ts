/**
 * The one reader (and writer) of system_settings, shared by the web and the worker: the admin's Settings
 * screen saves here, and the chat, the plan limits and the worker's prompt read from here — never from
 * constants. A key not saved yet reads as its default (docs/product.md §2 and §9).
 */
import type { Db } from "./database";
import { nowIso } from "./schema";

export const SETTING_DEFAULTS = {
  defaultSystemPrompt: "You are a helpful, concise assistant.",
  starterDailyReplies: 3,
  starterHistoryHours: 24,
} as const;

export const SETTING_KEYS = {
  activeVendor: "active_vendor",
  defaultModel: "default_model",
  defaultSystemPrompt: "default_system_prompt",
  starterDailyReplies: "starter_daily_replies",
  starterHistoryHours: "starter_history_hours",
  requireAdminTwoFactor: "require_admin_two_factor",
  passwordSignin: "password_signin",
  ssoSignupDomains: "sso_signup_domains",
} as const;

export interface PlanLimits {
  /** Replies a Starter user may ask for in any 24 hours. */
  starterDailyReplies: number;
  /** How far back a Starter user's chat history reaches. */
  starterHistoryHours: number;
}

export interface SystemSettings extends PlanLimits {
  activeVendor: string | null;
  defaultModel: string | null;
  defaultSystemPrompt: string;
  /** An admin without two-factor sign-in is sent to set it up before the console opens (docs/product.md §8). */
  requireAdminTwoFactor: boolean;
}

/** A stored number that is not a whole number ≥ 0 (hand-edited, say) reads as the default. */
function wholeNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

export async function readSystemSettings(db: Db): Promise<SystemSettings> {
  const rows = await db
    .selectFrom("system_settings")
    .select(["setting_key", "setting_value"])
    .where("setting_key", "in", Object.values(SETTING_KEYS))
    .execute();
  const saved = new Map(rows.map((row) => [row.setting_key, row.setting_value]));
  return {
    activeVendor: saved.get(SETTING_KEYS.activeVendor) ?? null,
    defaultModel: saved.get(SETTING_KEYS.defaultModel) ?? null,
    defaultSystemPrompt: saved.get(SETTING_KEYS.defaultSystemPrompt) || SETTING_DEFAULTS.defaultSystemPrompt,
    starterDailyReplies: wholeNumber(
      saved.get(SETTING_KEYS.starterDailyReplies),
      SETTING_DEFAULTS.starterDailyReplies,
    ),
    starterHistoryHours: wholeNumber(
      saved.get(SETTING_KEYS.starterHistoryHours),
      SETTING_DEFAULTS.starterHistoryHours,
    ),
    requireAdminTwoFactor: saved.get(SETTING_KEYS.requireAdminTwoFactor) === "true",
  };
}

export async function readPlanLimits(db: Db): Promise<PlanLimits> {
  const { starterDailyReplies, starterHistoryHours } = await readSystemSettings(db);
  return { starterDailyReplies, starterHistoryHours };
}

export async function writeSetting(db: Db, key: string, value: string) {
  const updated_at = nowIso();
  await db
    .insertInto("system_settings")
    .values({ setting_key: key, setting_value: value, updated_at })
    .onConflict((oc) => oc.column("setting_key").doUpdateSet({ setting_value: value, updated_at }))
    .execute();
}

/** Who may sign in how (docs/product.md §7 'Single sign-on'). */
export interface SigninSettings {
  /** Off: only the identity providers sign anyone in; /signin shows only their buttons. */
  passwordSignin: boolean;
  /** Lower-case domains whose addresses may create an account by single sign-on; empty: any. */
  ssoSignupDomains: string[];
}

export async function readSigninSettings(db: Db): Promise<SigninSettings> {
  const rows = await db
    .selectFrom("system_settings")
    .select(["setting_key", "setting_value"])
    .where("setting_key", "in", [SETTING_KEYS.passwordSignin, SETTING_KEYS.ssoSignupDomains])
    .execute();
  const saved = new Map(rows.map((row) => [row.setting_key, row.setting_value]));
  return {
    passwordSignin: saved.get(SETTING_KEYS.passwordSignin) !== "off",
    ssoSignupDomains: (saved.get(SETTING_KEYS.ssoSignupDomains) ?? "").split(",").filter(Boolean),
  };
}
