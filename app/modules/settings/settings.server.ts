/**
 * What the settings dialog shows: the account, its API key status, and the stored preferences.
 * The chat layout loads it and renders `<SettingsDialog data={settings} tab={...} />`.
 * See docs/product.md §8.
 */
import type { Db } from "#db/database";
import { readPlanLimits, type PlanLimits } from "#db/system-settings";
import type { SessionUser } from "../auth/session.server";
import { toPublicUser } from "../auth/users.server";
import { PLAN_LABELS } from "../billing/plan";
import { listOrders } from "../billing/orders.server";
import { BILLING_NAMES, formatPrice, TIER_NAMES } from "../billing/prices";
import { db as serverDb } from "../server-context.server";
import { filesStored } from "../attachments/attachments.server";
import { webEnv } from "~/utils/env.server";
import { userKeyStatus, type UserKeyStatus } from "../vendors/user-keys.server";
import { DEFAULT_PREFERENCES, getPreferences, type Preferences } from "./preferences.server";
import { settingsText } from "./settings-messages";

export interface SettingsData {
  account: {
    /** False for a guest: no API keys, no preferences to save, a sign-in link instead of sign-out. */
    authenticated: boolean;
    /** The avatar's seed (the user id); no e-mail leaves the server for it. */
    id: string | null;
    name: string;
    email: string;
    plan: string;
    isDemo: boolean;
    isProfessional: boolean;
  };
  /** The paid plan's end and the user's orders; null for guests. */
  billing: BillingSummary | null;
  /** The active vendor's key status for this user; null for guests or when no vendor is active. */
  apiKey: UserKeyStatus | null;
  preferences: Preferences;
}

export interface BillingSummary {
  /** When Professional ends (nothing renews it by itself); null on Starter or a plan without an end. */
  planEndsAt: string | null;
  cancelled: boolean;
  /** What Starter allows, as the admin set it: Settings states it. */
  starterLimits: PlanLimits;
  /** The user's files against their plan's allowance, in bytes (docs/product.md §14). */
  files: { used: number; allowance: number };
  orders: {
    id: string;
    createdAt: string;
    plan: string;
    amount: string;
    status: string;
    card: string | null;
  }[];
}

async function billingSummary(database: Db, user: SessionUser["user"]): Promise<BillingSummary> {
  const [orders, starterLimits, filesUsed] = await Promise.all([
    listOrders(database, user.id),
    readPlanLimits(database),
    filesStored(database, user),
  ]);
  return {
    starterLimits,
    files: { used: filesUsed, allowance: webEnv().attachments.storageBytes[user.plan] },
    planEndsAt: user.plan === "professional" ? user.plan_expires_at : null,
    cancelled: user.plan_cancelled_at !== null,
    orders: orders.map((order) => ({
      id: order.id,
      createdAt: order.created_at,
      plan: `${TIER_NAMES[order.tier]}${order.amount_cents > 0 ? ` (${BILLING_NAMES[order.billing]})` : ""}`,
      amount: formatPrice(order.amount_cents),
      status: order.status,
      card: order.card_last4 ? `${order.card_brand ?? "Card"} •••• ${order.card_last4}` : null,
    })),
  };
}

export const GUEST_SETTINGS: SettingsData = {
  account: {
    authenticated: false,
    id: null,
    name: settingsText.guestName,
    email: settingsText.guestEmail,
    plan: settingsText.plans.starter,
    isDemo: false,
    isProfessional: false,
  },
  billing: null,
  apiKey: null,
  preferences: DEFAULT_PREFERENCES,
};

export async function loadSettings(
  session: SessionUser | null,
  database: Db = serverDb(),
): Promise<SettingsData> {
  if (!session) return GUEST_SETTINGS;
  const { user } = session;
  const shown = toPublicUser(user);
  const [apiKey, preferences, billing] = await Promise.all([
    userKeyStatus(database, user.id),
    getPreferences(database, user.id),
    billingSummary(database, user),
  ]);
  return {
    account: {
      authenticated: true,
      id: user.id,
      name: shown.name,
      email: shown.email,
      plan: user.is_demo ? settingsText.plans.demo : PLAN_LABELS[user.plan],
      isDemo: shown.isDemo,
      isProfessional: shown.isProfessional,
    },
    billing,
    apiKey,
    preferences,
  };
}
