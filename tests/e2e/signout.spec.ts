import { sidebar } from "./support/chat";
import { ALSO_WITHOUT_JS, expect, expectSignedOut, test } from "./support/fixtures";

test.describe("sign-out", { tag: ALSO_WITHOUT_JS }, () => {
  test("signing out from the chat ends the session and returns to sign-in", async ({ page, user, db }) => {
    await page.goto("/chat");
    await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
    await expectSignedOut(page, db, user.id);

    await page.goto("/chat");
    await expect(page).toHaveURL("/signin?redirectTo=%2Fchat");
  });
});
