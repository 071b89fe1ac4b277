/** Preferences and the settings dialog's data, on a real (temporary) SQLite database. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { nowIso, type Plan } from "#db/schema";
import { seed } from "#db/seed";
import type { SessionUser } from "../auth/session.server";
import { getPreferences, savePreferences } from "./preferences.server";
import { GUEST_SETTINGS, loadSettings } from "./settings.server";

const dir = mkdtempSync(path.join(tmpdir(), "rogue-settings-"));
let db: Db;

beforeAll(async () => {
  db = createDatabase(`file:${path.join(dir, "app.db")}`);
  await migrateToLatest(db);
  await seed(db);
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function createUser(overrides: { plan?: Plan; is_demo?: 0 | 1; name?: string } = {}) {
  const id = uuidv7();
  const now = nowIso();
  const user = {
    id,
    email: `${id}@example.test`,
    name: overrides.name ?? "Tess Tester",
    password_hash: null,
    plan: overrides.plan ?? "starter",
    is_demo: overrides.is_demo ?? 0,
    expires_at: null,
    plan_expires_at: null,
    plan_cancelled_at: null,
    email_verified_at: null,
    created_at: now,
    updated_at: now,
  } as const;
  await db.insertInto("users").values(user).execute();
  return { user, roles: [], sessionId: "s" } satisfies SessionUser;
}

describe("preferences", () => {
  it("start with notifications on and English, before anything is saved", async () => {
    const { user } = await createUser();
    expect(await getPreferences(db, user.id)).toEqual({ notifications: true, language: "english" });
  });

  it("save one preference at a time and keep the other", async () => {
    const { user } = await createUser();
    await savePreferences(db, user.id, { notifications: false });
    expect(await getPreferences(db, user.id)).toEqual({ notifications: false, language: "english" });

    await savePreferences(db, user.id, { language: "german" });
    expect(await getPreferences(db, user.id)).toEqual({ notifications: false, language: "german" });

    await savePreferences(db, user.id, { notifications: true });
    expect(await getPreferences(db, user.id)).toEqual({ notifications: true, language: "german" });
    const rows = await db.selectFrom("user_preferences").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("belong to one user only", async () => {
    const a = await createUser();
    const b = await createUser();
    await savePreferences(db, a.user.id, { language: "chinese", notifications: false });
    expect(await getPreferences(db, b.user.id)).toEqual({ notifications: true, language: "english" });
  });
});

describe("loadSettings", () => {
  it("shows a starter user's name, e-mail, 'Free Plan', key status and saved preferences", async () => {
    const session = await createUser({ name: "Ada" });
    await savePreferences(db, session.user.id, { language: "french" });
    const settings = await loadSettings(session, db);
    expect(settings.account).toEqual({
      authenticated: true,
      id: session.user.id,
      name: "Ada",
      email: session.user.email,
      plan: "Free Plan",
      isDemo: false,
      isProfessional: false,
    });
    expect(settings.preferences).toEqual({ notifications: true, language: "french" });
    // The seed makes Together the active vendor, with no service key in this database.
    expect(settings.apiKey).toEqual({
      vendor: "together",
      vendorName: "Together AI",
      required: true,
      last4: null,
    });
  });

  it("names the plans 'Demo Account' and 'Professional'", async () => {
    expect((await loadSettings(await createUser({ is_demo: 1 }), db)).account).toMatchObject({
      plan: "Demo Account",
      isDemo: true,
    });
    expect((await loadSettings(await createUser({ plan: "professional" }), db)).account).toMatchObject({
      plan: "Professional",
      isProfessional: true,
    });
  });

  it("shows the last four characters of the user's own key, never more", async () => {
    const session = await createUser();
    await db
      .insertInto("user_api_keys")
      .values({
        user_id: session.user.id,
        vendor: "together",
        api_key_encrypted: "encrypted-blob",
        last4: "9xyz",
        verified_at: nowIso(),
        created_at: nowIso(),
      })
      .execute();
    const settings = await loadSettings(session, db);
    expect(settings.apiKey?.last4).toBe("9xyz");
    expect(JSON.stringify(settings)).not.toContain("encrypted-blob");
  });

  it("shows a guest as 'Guest User' / 'Not signed in'", async () => {
    const settings = await loadSettings(null, db);
    expect(settings).toBe(GUEST_SETTINGS);
    expect(settings.account).toMatchObject({
      name: "Guest User",
      email: "Not signed in",
      authenticated: false,
    });
    expect(settings.apiKey).toBeNull();
  });
});
