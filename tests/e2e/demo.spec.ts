import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { sendMessage, sidebar } from "./support/chat";
import { ALSO_WITHOUT_JS, expect, expectToast, javaScriptOn, openDemoLink, test } from "./support/fixtures";

/** The ways a visitor starts a demo. */
const demoEntrances: { how: string; start: (page: Page) => Promise<unknown> }[] = [
  {
    how: "the 'Try Demo' button on the sign-in page",
    start: async (page) => {
      await page.goto("/signin");
      await page.getByRole("button", { name: "Try Demo", exact: true }).click();
    },
  },
  {
    how: "the 'Try Demo First' link on the sign-up page",
    start: async (page) => {
      await page.goto("/signup");
      await page.getByRole("link", { name: "Try Demo First" }).click();
      if (!javaScriptOn()) await page.getByRole("button", { name: "Try Demo", exact: true }).click();
    },
  },
  { how: "opening /signin?demo=true", start: openDemoLink },
  {
    how: "signing in with the demo credentials shown on the sign-in page",
    start: async (page) => {
      await page.goto("/signin");
      const shown = page.getByText("Demo credentials:").locator("code");
      await page.getByLabel("Email").fill((await shown.nth(0).textContent()) ?? "");
      await page.getByLabel("Password").fill((await shown.nth(1).textContent()) ?? "");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
    },
  },
];

test.describe("demo", { tag: ALSO_WITHOUT_JS }, () => {
  for (const { how, start } of demoEntrances) {
    test(`${how} starts a demo session on the chat`, async ({ page }) => {
      await start(page);
      await expect(page).toHaveURL("/chat");
      await expect(sidebar(page).getByText("Demo User")).toBeVisible();
      await expectToast(page, "Demo mode active");
    });
  }

  test("two demo visitors are different users: one's chat is not in the other's sidebar", async ({
    page,
    newVisitor,
    db,
  }) => {
    await openDemoLink(page);
    await expect(page).toHaveURL("/chat");
    const message = `Demo secret ${randomBytes(4).toString("hex")}`;
    const chatId = await sendMessage(page, message);
    await expect(sidebar(page).getByRole("link", { name: message })).toBeVisible();

    const other = await newVisitor();
    await openDemoLink(other);
    await expect(other).toHaveURL("/chat");
    await expect(sidebar(other).getByText("No chat history")).toBeVisible();
    await expect(sidebar(other).getByRole("link", { name: message })).toHaveCount(0);
    const response = await other.goto(`/chat/${chatId}`);
    expect(response?.status()).toBe(404);

    const owner = db.get<{ is_demo: number }>(
      "select users.is_demo from chat_history join users on users.id = chat_history.user_id where chat_history.id = ?",
      chatId,
    );
    expect(owner?.is_demo).toBe(1);
  });

  // Other workers create users meanwhile, so the user count is checked in tests/integration/auth-limits.test.ts.
  test("GET /signin?demo=true alone signs no one in", async ({ request }) => {
    const response = await request.get("/signin?demo=true", { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Try Demo");
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("a signed-in user opening the demo link goes to the chat as themselves, not replaced", async ({
    page,
    user,
  }) => {
    await page.goto("/signin?demo=true");
    await expect(page).toHaveURL("/chat");
    await expect(sidebar(page).getByText(user.name)).toBeVisible();
    await expect(sidebar(page).getByText("Demo User")).toHaveCount(0);
  });
});
