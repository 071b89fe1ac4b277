import { sidebar } from "./support/chat";
import { ALSO_WITHOUT_JS, expect, expectToast, test } from "./support/fixtures";

test.describe("sign-out", { tag: ALSO_WITHOUT_JS }, () => {
  test("signing out from the chat ends the session and returns to sign-in", async ({ page, user, db }) => {
    await page.goto("/chat");
    await sidebar(page).getByRole("button", { name: "Sign Out" }).click();

    await expect(page).toHaveURL("/signin");
    await expectToast(page, "Signed Out", "You have been signed out, redirecting to login");
    expect(db.count("select count(*) from sessions where user_id = ?", user.id)).toBe(0);

    await page.goto("/chat");
    await expect(page).toHaveURL("/signin?redirectTo=%2Fchat");
  });
});
