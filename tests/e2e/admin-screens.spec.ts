/** The admin console's Models, Settings, Roles, API keys, Analytics, Logs and queue board, JS on and off. */
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { ADMIN } from "./support/env";
import {
  ALSO_WITHOUT_JS,
  expect,
  expectRefusedOnce,
  expectToast,
  ONLY_WITHOUT_JS,
  openAsAdmin,
  signIn,
  test,
} from "./support/fixtures";

/** Lets a field take a value its own constraints refuse (as a crafted request can), so the server answers. */
const dropConstraints = (field: Locator) =>
  field.evaluate((element) =>
    ["pattern", "min", "max", "required", "maxlength"].forEach((a) => element.removeAttribute(a)),
  );

/** Opens `path` and resolves once the page listens on its live event stream. */
async function openListening(page: Page, path: string) {
  const listening = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto(path);
  await listening;
}

/** Fills the Models screen's add form with a model's id, display name and icon, and submits it. */
async function addModel(page: Page, modelId: string, displayName: string) {
  const add = page.locator("#add-model");
  await add.getByLabel("Model id").fill(modelId);
  await add.getByLabel("Display name").fill(displayName);
  await add.getByLabel("Icon").fill(displayName.slice(0, 1));
  await add.getByRole("button", { name: "Add model" }).click();
}

test.describe("admin screens", { tag: ALSO_WITHOUT_JS }, () => {
  test("Models: an admin adds a PRO model served by Together, and a bad id is refused", async ({
    page,
    db,
  }, info) => {
    const id = `e2e-${info.project.name}-${Date.now().toString(36)}`;
    await openAsAdmin(page, "/admin/api-models");
    const add = page.locator("#add-model");
    await add.getByLabel("Model id").fill(id);
    await add.getByLabel("Display name").fill(`E2E ${id}`);
    await add.getByLabel("Icon").fill("E2");
    await add.getByLabel("PRO").check();
    await add.getByLabel("Together AI").fill("e2e/Model-Instruct");
    await add.getByLabel("Context window (tokens)").fill("32768");
    await add.getByLabel("Reply reserve (tokens)").fill("2048");
    await add.getByRole("button", { name: "Add model" }).click();
    await expectToast(page, "Saved", `E2E ${id} saved`);
    expect(
      db.count(
        "select count(*) from ai_models where model_id = ? and context_window = 32768 and reply_reserve = 2048",
        id,
      ),
    ).toBe(1);
    await expect(page.getByTestId("catalogue-model").filter({ hasText: `E2E ${id}` })).toContainText("PRO");
    expect(db.count("select count(*) from ai_models where model_id = ? and is_pro = 1", id)).toBe(1);
    expect(db.count("select count(*) from api_vendor_models where ai_model_id = ?", id)).toBe(1);

    const again = page.locator("#add-model");
    await dropConstraints(again.getByLabel("Model id"));
    await again.getByLabel("Model id").fill("bad id!");
    await again.getByLabel("Display name").fill("Bad");
    await again.getByLabel("Icon").fill("B");
    await again.getByRole("button", { name: "Add model" }).click();
    await expect(page.getByText("Model id: letters, digits and . _ : / - only")).toBeVisible();
    expect(db.count("select count(*) from ai_models where model_id = 'bad id!'")).toBe(0);

    const tooSmall = page.locator("#add-model");
    await dropConstraints(tooSmall.getByLabel("Context window (tokens)"));
    await tooSmall.getByLabel("Model id").fill(`${id}-small`);
    await tooSmall.getByLabel("Display name").fill("Small");
    await tooSmall.getByLabel("Icon").fill("S");
    await tooSmall.getByLabel("Context window (tokens)").fill("100");
    await tooSmall.getByRole("button", { name: "Add model" }).click();
    await expect(
      page.getByText("Context window: a whole number of tokens from 1024 to 10000000."),
    ).toBeVisible();
    expect(db.count("select count(*) from ai_models where model_id = ?", `${id}-small`)).toBe(0);
  });

  test("Settings: an admin saves the settings, and a negative daily limit is refused", async ({
    page,
    db,
  }) => {
    await openAsAdmin(page, "/admin/settings");
    const replies = page.getByLabel("Replies per day");
    await dropConstraints(replies);
    await replies.fill("-1");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Replies per day: a whole number from 0 to 10000.")).toBeVisible();
    expect(db.count("select count(*) from system_settings where setting_value = '-1'")).toBe(0);

    // The values every other spec expects (3 replies, 24 hours), so parallel runs agree.
    await page.goto("/admin/settings");
    await page.getByLabel("Replies per day").fill("3");
    await page.getByLabel("History kept (hours)").fill("24");
    await page.getByLabel("Default system prompt").fill("You are a helpful, concise assistant.");
    const saved = db.count("select count(*) from audit_log where action = 'settings.update'");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expectToast(page, "Saved", "Settings saved; the chat uses them from the next request.");
    expect(db.count("select count(*) from audit_log where action = 'settings.update'")).toBeGreaterThan(
      saved,
    );
    expect(
      db.count(
        "select count(*) from system_settings where setting_key = 'starter_daily_replies' and setting_value = '3'",
      ),
    ).toBe(1);
  });

  test("Roles: an admin restricts a user by e-mail, sees them listed, and lifts it", async ({
    page,
    account,
    db,
  }) => {
    await openAsAdmin(page, "/admin/roles");
    await page.getByLabel("User's e-mail").fill(account.email);
    await page.getByLabel("Role").selectOption("restricted");
    await page.getByRole("button", { name: "Grant role" }).click();
    await expectToast(page, "Saved", `restricted role granted to ${account.email}.`);
    await expect(page.getByRole("list", { name: "Restricted" })).toContainText(account.email);
    expect(
      db.count("select count(*) from user_roles where user_id = ? and role = 'restricted'", account.id),
    ).toBe(1);
    await page.getByRole("button", { name: `Unrestrict ${account.email}` }).click();
    await expectToast(page, "User updated", "User unrestricted.");
    await expect(page).toHaveURL("/admin/roles");
    expect(db.count("select count(*) from user_roles where user_id = ?", account.id)).toBe(0);
  });

  test("Roles: a grant to an e-mail nobody has is refused, saying why once: in the toast and under the form", async ({
    page,
    db,
  }, info) => {
    const nobody = `nobody-${info.project.name}-${Date.now().toString(36)}@e2e.test`;
    await openAsAdmin(page, "/admin/roles");
    await page.getByLabel("User's e-mail").fill(nobody);
    await page.getByLabel("Role").selectOption("restricted");
    await page.getByRole("button", { name: "Grant role" }).click();
    await expectRefusedOnce(
      page,
      "Action Failed",
      "No user has that e-mail address.",
      page.locator("#grant-role"),
    );
    expect(db.userByEmail(nobody)).toBeUndefined();
  });

  test("API keys: a user's stored key shows by its last 4 and an admin revokes it", async ({
    page,
    account,
    db,
  }) => {
    db.storeUserKey(account.id, "together", "9137");
    await openAsAdmin(page, "/admin/api-keys?vendor=together");
    const row = page.getByTestId("user-key").filter({ hasText: account.email });
    await expect(row).toContainText("…9137");
    await expect(page.getByTestId("vendor-key-together")).toContainText(/Set, ends in|Not set/);
    await row.getByRole("button", { name: `Revoke ${account.email}'s together key` }).click();
    await expectToast(page, "Saved", `${account.email}'s together key was revoked.`);
    await expect(page.getByTestId("user-key").filter({ hasText: account.email })).toHaveCount(0);
    expect(db.count("select count(*) from user_api_keys where user_id = ?", account.id)).toBe(0);
    expect(await page.content()).not.toContain("sealed-stand-in");
  });

  test("Analytics: the ranges switch, and a user without requests is shown honestly empty", async ({
    page,
    account,
  }) => {
    await openAsAdmin(page, "/admin/analytics");
    await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("link", { name: "week" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "year" }).click();
    await expect(page).toHaveURL("/admin/analytics?range=year");
    await expect(page.getByRole("link", { name: "year" })).toHaveAttribute("aria-current", "page");
    await page.goto(`/admin/users/${account.id}?range=day`);
    await expect(page.getByTestId("usage-empty")).toHaveText(/No requests in this range yet/);
    await expect(page.getByTestId("usage-requests")).toHaveText("0");
  });

  test("Logs: a failed sign-in shows up as a security event with its IP", async ({ page, account }) => {
    await page.goto("/signin");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Please check your credentials and try again").first()).toBeVisible();
    await openAsAdmin(page, "/admin/logs?action=signin.failure");
    await expect(page.getByTestId("audit-entry").filter({ hasText: account.email }).first()).toContainText(
      "IP",
    );
    // A filter that matches nothing says so, with no empty frame under the text.
    await page.goto(`/admin/logs?action=signin.failure&target=${crypto.randomUUID()}`);
    await expect(page.getByText("No events recorded yet.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Activity" })).toHaveCount(0);
  });
});

/** One of the usage charts (Requests, Tokens, Errors, Mean time to first token (ms)) on the page. */
const usageChart = (page: Page, title: string) => page.getByRole("figure", { name: title });

const DAY_MS = 86_400_000;

test("Usage charts: a single day of replies shows as a dot on the line charts, and a second day joins it", async ({
  page,
  db,
  account,
}) => {
  db.recordUsage(account.id, new Date(), 30);
  db.recordUsage(account.id, new Date(), 36);
  await openAsAdmin(page, `/admin/users/${account.id}`);
  await expect(page.getByTestId("usage-by-model")).toContainText("33 ms");
  const ttft = usageChart(page, "Mean time to first token (ms)");
  await expect(ttft.locator(".recharts-line-dot")).toHaveCount(1);
  await expect(ttft.locator(".recharts-line-dot")).toBeVisible();
  // Tokens are 0 (not missing) on the week's other days: a dot for each of the seven.
  await expect(usageChart(page, "Tokens").locator(".recharts-line-dot")).toHaveCount(7);

  db.recordUsage(account.id, new Date(Date.now() - 2 * DAY_MS), 50);
  await page.reload();
  await expect(ttft.locator(".recharts-line-dot")).toHaveCount(2);
  await expect(ttft.locator(".recharts-line-curve")).toBeVisible();
});

test(
  "Usage charts without JavaScript: every chart's box says where the same figures are",
  { tag: ONLY_WITHOUT_JS },
  async ({ page, db, account }) => {
    db.recordUsage(account.id, new Date(), 33);
    await signIn(page, ADMIN);
    for (const path of [`/admin/users/${account.id}`, "/admin/analytics"]) {
      await page.goto(path);
      const charts = page.getByRole("figure");
      await expect(charts).toHaveCount(4);
      // Playwright's text matching skips <noscript>, so the paragraph inside is asked for its text.
      for (const chart of await charts.all())
        await expect(chart.locator("p")).toHaveText(
          "Charts need JavaScript. The same figures for the whole range are in the totals above and the tables below.",
        );
    }
  },
);

test("the queue board opens for an admin and refuses anyone else as /admin does", async ({
  page,
  user,
  browser,
}) => {
  const anonymous = await browser.newContext();
  const refused = await anonymous.request.get("/admin/queues", { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers()["location"]).toBe("/signin?redirectTo=%2Fadmin");
  await anonymous.close();

  const asUser = await page.request.get("/admin/queues", { maxRedirects: 0 });
  expect(user.email).toBeTruthy();
  expect(asUser.status()).toBe(302);
  expect(asUser.headers()["location"]).toBe("/");

  await page.context().clearCookies();
  await openAsAdmin(page, "/admin");
  // The console asks no other site for anything: bull-board's page names Google's fonts, and the browser
  // refuses them before any request leaves.
  const elsewhere: string[] = [];
  const sameSite = (url: string) => new URL(url).origin === new URL(page.url()).origin;
  page.on("requestfinished", (request) => {
    if (!sameSite(request.url())) elsewhere.push(`${request.url()}: sent`);
  });
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText;
    // Playwright names Chromium's refusal "csp".
    if (!sameSite(request.url()) && reason !== "csp") elsewhere.push(`${request.url()}: ${reason}`);
  });
  await page.getByRole("link", { name: "Open the queue board (bull-board)" }).click();
  await expect(page).toHaveURL(/\/admin\/queues/);
  await expect(page.getByText("completion", { exact: false }).first()).toBeVisible();
  await page.waitForLoadState("load");
  expect(elsewhere).toEqual([]);
});

test("a live 'Models Updated' reaches an open chat page when an admin changes the catalogue", async ({
  page,
  account,
  newVisitor,
}, info) => {
  await signIn(page, account);
  await openListening(page, "/chat");
  const adminPage = await newVisitor();
  await openAsAdmin(adminPage, "/admin/api-models");
  const id = `live-${info.project.name}-${Date.now().toString(36)}`;
  await addModel(adminPage, id, `Live ${id}`);
  await expectToast(adminPage, "Saved");
  // Catalogue changes are global: a change made by another test running alongside may toast here too.
  const updated = page
    .getByRole("list", { name: "Notifications" })
    .locator("li")
    .filter({ hasText: "Models Updated" });
  await expect(updated.first()).toBeVisible();
});

test("an admin's 'Saved' toast survives a live catalogue change that comes while the page loads", async ({
  page,
  newVisitor,
}, info) => {
  // Counts the page's live 'models-updated' events; a listener added first runs before the app's own.
  await page.addInitScript(() => {
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("models-updated", () => {
          document.documentElement.dataset.modelsUpdated = String(
            Number(document.documentElement.dataset.modelsUpdated ?? 0) + 1,
          );
        });
      }
    };
  });
  await signIn(page, ADMIN);
  await openListening(page, "/admin/api-models");

  // The load after the save is answered by the server (which hands over the one-time toast) and held there
  // until another admin's change has reached this page. A catalogue change made by a test running alongside
  // may reload the page before the save: the load held is the first after the save's POST.
  let answered!: () => void;
  const loadAnswered = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let saved = false;
  let held = false;
  await page.route(/\/admin\/api-models\.data/, async (route) => {
    if (route.request().method() === "POST") saved = true;
    if (held || !saved || route.request().method() !== "GET") return route.continue();
    held = true;
    const response = await route.fetch();
    answered();
    await released;
    // Aborted by the page meanwhile, the request can no longer be answered: that is the case under test.
    await route.fulfill({ response }).catch(() => undefined);
  });

  const id = `saved-${info.project.name}-${Date.now().toString(36)}`;
  await addModel(page, id, `Saved ${id}`);
  await loadAnswered;
  const liveEvents = async () =>
    Number((await page.locator("html").getAttribute("data-models-updated")) ?? 0);
  const seen = await liveEvents();

  const other = await newVisitor();
  await openAsAdmin(other, "/admin/api-models");
  await addModel(other, `${id}-other`, `Saved ${id}-other`);
  await expect.poll(liveEvents).toBeGreaterThan(seen);
  release();

  await expectToast(page, "Saved", `Saved ${id} saved`);
  await expect(page.getByRole("heading", { name: `Saved ${id}`, exact: true })).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`no serious or critical axe violations on any console screen at ${width} px`, async ({ page }) => {
    // Ten axe runs on a busy machine take longer than one page's default time. At 375 px the tables scroll
    // sideways, which is when their frames must be reachable by keyboard.
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, ADMIN);
    for (const path of [
      "/admin",
      "/admin/users",
      "/admin/activity",
      "/admin/analytics",
      "/admin/api-vendors",
      "/admin/api-models",
      "/admin/api-keys",
      "/admin/roles",
      "/admin/settings",
      "/admin/logs",
    ]) {
      await page.goto(path);
      await expectNoSeriousViolations(page, `${path} at ${width} px`);
    }
  });
}
