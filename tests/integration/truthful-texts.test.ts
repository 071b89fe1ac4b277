/**
 * The Starter limits an admin saves (Admin → Settings: replies a day, hours of history) are the numbers every
 * page states — /pricing, /docs and Settings — not the defaults written into the texts, in the built app as a
 * browser gets it.
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
