/**
 * What the settings dialog shows: the account, its API key status, and the stored preferences.
 * The chat layout loads it and renders `<SettingsDialog data={settings} tab={...} />`.
 * See docs/product.md §8.
 */
import type { Db } from "#db/database";
import type { SessionUser } from "../auth/session.server";
import { toPublicUser } from "../auth/users.server";
import { PLAN_LABELS } from "../billing/plan";
import { db as serverDb } from "../server-context.server";
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
  /** The active vendor's key status for this user; null for guests or when no vendor is active. */
  apiKey: UserKeyStatus | null;
  preferences: Preferences;
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
  const [apiKey, preferences] = await Promise.all([
    userKeyStatus(database, user.id),
    getPreferences(database, user.id),
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
    apiKey,
    preferences,
  };
}
