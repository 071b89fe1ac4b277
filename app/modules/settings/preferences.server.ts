/** A user's stored preferences (notifications, language): one row in user_preferences, created on first save. */
import type { Db } from "#db/database";
import { nowIso, type Language } from "#db/schema";
import { DEFAULT_LANGUAGE } from "./settings-schemas";

export interface Preferences {
  /** On unless turned off (docs/product.md §8). */
  notifications: boolean;
  language: Language;
}

export const DEFAULT_PREFERENCES: Preferences = { notifications: true, language: DEFAULT_LANGUAGE };

export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom("user_preferences")
    .select(["notifications", "language"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_PREFERENCES };
  return { notifications: row.notifications === 1, language: row.language };
}

/** The language the user chose, or null while they have never saved one. */
export async function storedLanguage(db: Db, userId: string): Promise<Language | null> {
  const row = await db
    .selectFrom("user_preferences")
    .select("language")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.language ?? null;
}

/** Saves the given preferences, keeping the others as they were (one upsert: no read-then-write race). */
export async function savePreferences(db: Db, userId: string, change: Partial<Preferences>): Promise<void> {
  const updatedAt = nowIso();
  const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);
  const changed: { notifications?: 0 | 1; language?: Language } = {};
  if (change.notifications !== undefined) changed.notifications = flag(change.notifications);
  if (change.language !== undefined) changed.language = change.language;
  const initial = { ...DEFAULT_PREFERENCES, ...change };
  await db
    .insertInto("user_preferences")
    .values({
      user_id: userId,
      notifications: flag(initial.notifications),
      language: initial.language,
      updated_at: updatedAt,
    })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...changed, updated_at: updatedAt }))
    .execute();
}
