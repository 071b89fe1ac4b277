/**
 * A fresh start with no vendor key (issue 41): users see one plain sentence that the service is not set up
 * yet, admins also a link to the vendor setup, and nobody is asked for a key of their own. It takes every
 * vendor's key away for a while, so it runs as a project of its own before the others (playwright.config.ts).
 */
import { composer, expectExactText, lastReply, sendMessage } from "./support/chat";
import { mockDirective } from "./support/mock";
import type { TestDb } from "./support/db";
import { expect, expectToast, openAsAdmin, test } from "./support/fixtures";

const NOT_SET_UP = "Rogue AI is not set up yet: no AI vendor can answer.";

test.describe.configure({ mode: "serial" });

test.describe("first run, no vendor key", () => {
  let saved: ReturnType<TestDb["vendorKeys"]> = [];
  test.beforeAll(({ db }) => {
    saved = db.vendorKeys();
    db.setVendorKeys(saved.map((key) => ({ ...key, api_key_encrypted: null })));
  });
  test.afterAll(({ db }) => db.setVendorKeys(saved));

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("a user sees the plain notice, no key dialog and no setup link", async ({ page, user: _user }) => {
        await page.goto("/chat");
        await expect(page.getByRole("status").filter({ hasText: NOT_SET_UP })).toBeVisible();
        await expect(page.getByRole("link", { name: "Set up an AI vendor" })).toHaveCount(0);
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(composer(page)).toBeDisabled();
      });

      test("an admin sees the notice with a link to the vendor setup", async ({ page }) => {
        await openAsAdmin(page, "/chat");
        await expect(page.getByRole("status").filter({ hasText: NOT_SET_UP })).toBeVisible();
        await page.getByRole("link", { name: "Set up an AI vendor" }).click();
        await expect(page).toHaveURL(/\/admin\/api-vendors$/);
      });
    });
  }

  test("an admin pastes a key and tests it, and a user's reply then streams with no other step", async ({
    page,
    newVisitor,
    signUp,
  }) => {
    // Two people's whole first hour (the admin's setup, a visitor's sign-up and first reply): more than one
    // page's budget on a loaded machine.
    test.slow();
    await openAsAdmin(page, "/admin/api-vendors");
    const card = page.getByTestId("vendor").filter({ hasText: "together" });
    await card.getByLabel(/API key/).fill("sk-pasted-by-admin-7777");
    await card.getByRole("button", { name: "Set key" }).click();
    await expectToast(page, "Saved", "Key saved (ends in 7777).");
    await page
      .getByTestId("vendor")
      .filter({ hasText: "together" })
      .getByRole("button", { name: "Test connection" })
      .click();
    await expect(
      page.getByTestId("vendor").filter({ hasText: "together" }).getByTestId("last-test"),
    ).toContainText("Connection successful");

    const user = await newVisitor();
    await signUp(user);
    await user.goto("/chat");
    await expect(user.getByText(NOT_SET_UP)).toHaveCount(0);
    await sendMessage(user, `Hello ${mockDirective({ reply: "Set up and streaming." })}`);
    await expectExactText(lastReply(user), "Set up and streaming.");
  });
});
