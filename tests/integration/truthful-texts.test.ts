/**
 * What the pages state is what the service does, in the built app as a browser gets it:
 * - the Starter limits an admin saves (Admin → Settings: replies a day, hours of history) are the numbers
 *   /pricing, /docs and Settings state, not the defaults written into the texts;
 * - Settings and the key dialog say whose vendor key replies use: the service's while it has one (nothing to
 *   set then), else the user's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_KEYS, writeSetting } from "#db/system-settings";
import { buildIfNeeded } from "#server/build-if-needed";
import { sessionCookieFor } from "../support/route-calls";
import { setUpTestEnv } from "../support/test-env";
import { readAll, sendRequest, startWebProcess, stopLogged, type WebProcess } from "../support/web-process";

const t = setUpTestEnv();

let web: WebProcess;
beforeAll(async () => {
  buildIfNeeded(() => undefined);
  web = await startWebProcess();
}, 240_000);
afterAll(() => stopLogged(web.logged));

async function page(pathname: string, headers: Record<string, string> = {}) {
  const response = await sendRequest(`${web.base}${pathname}`, "GET", headers);
  return readAll(response);
}

/** What the admin settings' form saves for the Starter plan. */
async function saveStarterLimits(replies: number, hours: number) {
  await writeSetting(t.db, SETTING_KEYS.starterDailyReplies, String(replies));
  await writeSetting(t.db, SETTING_KEYS.starterHistoryHours, String(hours));
}

describe("Starter limits in the texts", () => {
  it("follow the admin's settings on /pricing, /docs and in Settings", async () => {
    await saveStarterLimits(5, 48);
    const pricing = await page("/pricing");
    expect(pricing).toContain("5 messages a day");
    expect(pricing).toContain("48 hours of history");
    expect(pricing).toContain(
      "Your account returns to Starter: 5 messages a day, 2 models and 48 hours of history.",
    );
    expect(pricing).not.toMatch(/\b3 (messages|per day)/);
    expect(await page("/docs")).toContain("Starter (free): 5 messages a day, 2 models, 48 hours of history.");

    const visitor = await sessionCookieFor(t, await t.createUser());
    const settings = await page("/chat?settings=account", { Cookie: visitor.cookie });
    expect(settings).toContain("Starter — 5 messages a day, 2 models, 48 hours of history.");
  });

  it("speak of one message and one hour in the singular, in every language's own way", async () => {
    await saveStarterLimits(1, 1);
    expect(await page("/pricing")).toContain("1 message a day");
    const german = await page("/pricing", { "Accept-Language": "de" });
    expect(german).toContain("1 Nachricht am Tag");
    expect(german).toContain("1 Stunde Verlauf");
  });
});

describe("whose vendor key replies use", () => {
  /**
   * Every vendor's key of the service's own, as Admin → API Vendors or VENDOR_*_KEY store them: a user's own
   * key is what replies would use only when no vendor has one.
   */
  async function setServiceKeys(keys: Map<number, string | null> | null) {
    const vendors = await t.db.selectFrom("api_vendors").select(["id", "api_key_encrypted"]).execute();
    for (const vendor of vendors)
      await t.db
        .updateTable("api_vendors")
        .set({ api_key_encrypted: keys?.get(vendor.id) ?? null })
        .where("id", "=", vendor.id)
        .execute();
    return new Map(vendors.map((vendor) => [vendor.id, vendor.api_key_encrypted]));
  }

  it("is the service's while it has one, with nothing to set; else the user's, with Set API Key", async () => {
    const visitor = await sessionCookieFor(t, await t.createUser());
    const asVisitor = { Cookie: visitor.cookie };

    const provided = await page("/chat?settings=account", asVisitor);
    expect(provided).toContain("Together AI key provided by Rogue AI — you don&#x27;t need your own.");
    expect(provided).not.toContain("Set API Key");
    const providedDialog = await page("/chat?apikey=edit", asVisitor);
    expect(providedDialog).toContain("The service has a Together AI key of its own, and replies use it.");
    expect(providedDialog).not.toContain("The service has no Together AI key of its own");

    const serviceKeys = await setServiceKeys(null);
    try {
      const required = await page("/chat?settings=account", asVisitor);
      expect(required).toContain("Together AI needs your own API key to reply.");
      expect(required).toContain("Set API Key");
      expect(await page("/chat?apikey=edit", asVisitor)).toContain(
        "The service has no Together AI key of its own, so replies use yours.",
      );
    } finally {
      await setServiceKeys(serviceKeys);
    }
  });
});
