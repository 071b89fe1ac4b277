import type { Page } from "@playwright/test";
import { ADMIN } from "./support/env";
import {
  ALSO_WITHOUT_JS,
  expect,
  expectToast,
  javaScriptOn,
  openAsAdmin,
  signIn,
  test,
} from "./support/fixtures";
import type { TestDb } from "./support/db";

test("the landing page shows the hero and, signed out, Sign In and Sign Up", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Ask Anything. Say Everything." })).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign Up", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
});

test.describe("signed-out visitors are sent to sign-in", () => {
  const guarded = [
    { path: "/chat", description: "Please sign in to use the chat" },
    { path: "/admin", description: "Please sign in to access admin features" },
  ];
  for (const { path, description } of guarded) {
    test(`${path} redirects to sign-in and back, saying '${description}'`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(path)}`);
      await expectToast(page, "Authentication Required", description);
    });
  }
});

test.describe("toasts", () => {
  test(`a toast has a Dismiss button with JavaScript, and stays while the keyboard is on it ${ALSO_WITHOUT_JS}`, async ({
    page,
  }) => {
    // The page's timers run on a clock the test moves: a toast's 5 s pass without waiting for them.
    await page.clock.install();
    await page.goto("/chat");
    const toast = page
      .locator("[data-toast-list]")
      .getByRole("listitem")
      .filter({ hasText: "Authentication Required" });
    await expect(toast).toBeVisible();
    const dismiss = toast.getByRole("button", { name: "Dismiss notification" });
    if (!javaScriptOn()) {
      // Without JavaScript there is no button that does nothing; the toast fades by itself (CSS).
      await expect(dismiss).toBeHidden();
      return;
    }
    await dismiss.focus();
    await page.clock.runFor(10_000);
    await expect(toast).toBeVisible();
    await page.getByLabel("Email").focus();
    await page.clock.runFor(6_000);
    await expect(toast).toBeHidden();

    await page.goto("/admin");
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toBeHidden();
  });
});

test.describe("admin console", () => {
  test("a signed-in non-admin is sent home with 'Access Denied'", async ({ page, user: _user }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL("/");
    await expectToast(page, "Access Denied", "You don't have permission to access the admin panel");
  });

  const counts = (db: TestDb) => ({
    users: db.count("select count(*) from users"),
    chats: db.count("select count(*) from chat_history"),
    messages: db.count("select count(*) from chat_messages"),
  });
  const shownCounts = async (page: Page) => ({
    users: Number(await page.getByTestId("stat-users").textContent()),
    chats: Number(await page.getByTestId("stat-chats").textContent()),
    messages: Number(await page.getByTestId("stat-messages").textContent()),
  });

  test("the admin sees the dashboard with the database's counts", async ({ page, db }) => {
    await signIn(page, ADMIN);
    // Other tests write in parallel: compare on a load during which the counts stood still.
    await expect(async () => {
      const before = counts(db);
      await page.goto("/admin");
      const shown = await shownCounts(page);
      expect(counts(db)).toEqual(before);
      expect(shown).toEqual(before);
    }).toPass();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("complementary").getByText("Administrator")).toBeVisible();
  });

  test("the admin sees 'Admin Panel' in the public header", async ({ page }) => {
    await openAsAdmin(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Admin Panel" }).click();
    await expect(page).toHaveURL("/admin");
  });

  test("an unknown admin path redirects to the dashboard", async ({ page }) => {
    await openAsAdmin(page, "/admin/anything");
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });
});
