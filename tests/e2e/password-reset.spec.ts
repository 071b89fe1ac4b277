/**
 * E-mailed links and the sessions list (docs/product.md §7, §8), with and without JavaScript: the mail comes
 * from the run's own SMTP server (tests/e2e/support/server.ts), as a user would open it.
 */
import { ALSO_WITHOUT_JS, expect, expectToast, signIn, test } from "./support/fixtures";
import { submitForm, submitRefused } from "./support/forms";
import { linkInMail } from "./support/mail";

test.describe("e-mailed links", { tag: ALSO_WITHOUT_JS }, () => {
  test("a forgotten password is reset from the e-mail, which signs out the old session; the link then no longer works", async ({
    page,
    account,
    newVisitor,
    run,
    javaScriptEnabled,
  }) => {
    const oldDevice = await newVisitor();
    await signIn(oldDevice, account);

    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await submitForm(page, page.getByRole("button", { name: "Send the link" }), "/forgot-password");
    await expect(page.getByRole("status").filter({ hasText: account.email })).toHaveText(
      `If an account uses ${account.email}, an e-mail with a link to choose a new password is on its way. The link works once, for 30 minutes.`,
    );

    const link = await linkInMail(run.mailDir, account.email, "/reset-password");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("New password, again").fill("short");
    await submitRefused(
      page,
      page.getByRole("button", { name: "Save the new password" }),
      link,
      javaScriptEnabled,
    );
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

    const newPassword = `${account.password}-new`;
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("New password, again").fill(newPassword);
    await submitForm(page, page.getByRole("button", { name: "Save the new password" }), link);
    await expect(page).toHaveURL("/signin");
    await expectToast(
      page,
      "Password changed",
      "Every session of your account was signed out. Sign in with your new password.",
    );

    await oldDevice.goto("/settings/security");
    await expect(oldDevice).toHaveURL(/\/signin/);
    await signIn(page, { email: account.email, password: newPassword });

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(
      page.getByText("This link has already been used. Ask for a new one if you still need it."),
    ).toBeVisible();
    await page.goto("/reset-password/not-a-real-token");
    await expect(
      page.getByText("This link is not valid. Check that you opened all of it, or ask for a new one."),
    ).toBeVisible();
  });

  test("an unknown address gets the same answer, and a bad one the catalogue's text", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("nobody-here@e2e.test");
    await submitForm(page, page.getByRole("button", { name: "Send the link" }), "/forgot-password");
    await expect(page.getByRole("status").filter({ hasText: "nobody-here@e2e.test" })).toHaveText(
      "If an account uses nobody-here@e2e.test, an e-mail with a link to choose a new password is on its way. The link works once, for 30 minutes.",
    );
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByLabel("Email").evaluate((input) => input.setAttribute("type", "text"));
    await submitRefused(
      page,
      page.getByRole("button", { name: "Send the link" }),
      "/forgot-password",
      javaScriptEnabled,
    );
    await expect(page.getByText("Invalid email address")).toBeVisible();
  });

  test("a new account confirms its e-mail from the mail", async ({ page, user, run }) => {
    await page.goto("/settings/security");
    await expect(page.getByTestId("email-status")).toContainText(`${user.email} is not confirmed yet`);
    const link = await linkInMail(run.mailDir, user.email, "/verify-email");
    await page.goto(link);
    await expect(page.getByText(`Confirm that ${user.email} is yours.`)).toBeVisible();
    await submitForm(page, page.getByRole("button", { name: "Confirm my e-mail" }), link);
    await expect(page).toHaveURL("/chat");
    await expectToast(page, "E-mail confirmed", "Thank you: your e-mail address is confirmed.");
    await page.goto("/settings/security");
    await expect(page.getByTestId("email-status")).toHaveText(`${user.email} is confirmed.`);
    await page.goto(link);
    await expect(
      page.getByText("This link has already been used. Ask for a new one if you still need it."),
    ).toBeVisible();
  });

  test("Settings lists the sessions and signs out one other", async ({ page, user, newVisitor }) => {
    const other = await newVisitor();
    await signIn(other, user);
    await page.goto("/settings/security");
    const list = page.getByRole("list", { name: "Where you are signed in" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const here = list.getByRole("listitem").filter({ hasText: "This device" });
    await expect(here).toContainText("IP 127.0.0.1");
    await expect(here.getByRole("button")).toHaveCount(0);
    const elsewhere = list.getByRole("listitem").filter({ hasNotText: "This device" });
    await expect(elsewhere).toContainText("Last seen");
    await submitForm(page, elsewhere.getByRole("button", { name: /^Sign out / }), "/settings/security");
    await expectToast(page, "Session signed out", "That device is no longer signed in.");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await other.goto("/settings/security");
    await expect(other).toHaveURL(/\/signin/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Password and sessions", level: 1 })).toBeVisible();
  });
});
