/**
 * The console's Single sign-on screen (docs/product.md §4), with and without JavaScript: an admin adds an
 * OpenID provider (the run's own), whose button then shows on /signin, and removes it; bad input is refused
 * with the catalogue's text.
 */
import { ALSO_WITHOUT_JS, expect, expectToast, openAsAdmin, test } from "./support/fixtures";
import { submitForm, submitRefused } from "./support/forms";

test.describe("the console's single sign-on screen", { tag: ALSO_WITHOUT_JS }, () => {
  test("an admin adds a provider, whose button shows on /signin, and removes it", async ({
    page,
    run,
    db,
    javaScriptEnabled,
  }) => {
    const name = `Console ID ${javaScriptEnabled ? "js" : "nojs"}`;
    await openAsAdmin(page, "/admin/sso");
    await expect(page.getByRole("heading", { name: "Single sign-on", level: 1 })).toBeVisible();
    await expect(page.getByText("Test ID", { exact: true })).toBeVisible();

    const form = page.locator("#sso-add-provider");
    await form.getByLabel("Name on the button").fill(name);
    await form.getByLabel("Issuer URL (OpenID Connect only)").fill(run.oidcIssuer);
    await form.getByLabel("Client secret").fill("console-secret");
    await submitRefused(
      page,
      form.getByRole("button", { name: "Add provider" }),
      "/admin/sso",
      javaScriptEnabled,
    );
    await expect(form.getByText("Client ID is required")).toBeVisible();
    expect(db.count("select count(*) from sso_providers where display_name = ?", name)).toBe(0);

    await form.getByLabel("Client ID").fill("console-client");
    if (!javaScriptEnabled) await form.getByLabel("Client secret").fill("console-secret");
    await submitForm(page, form.getByRole("button", { name: "Add provider" }), "/admin/sso");
    await expectToast(page, "Saved", `${name} was added: its button is on the sign-in page.`);
    const secret = db.get<{ client_secret_encrypted: string }>(
      "select client_secret_encrypted from sso_providers where display_name = ?",
      name,
    );
    expect(secret?.client_secret_encrypted).not.toContain("console-secret");

    const visitor = await page.context().browser()!.newContext({ javaScriptEnabled });
    const signin = await visitor.newPage();
    await signin.goto(new URL("/signin", page.url()).href);
    await expect(signin.getByRole("link", { name: `Continue with ${name}` })).toBeVisible();
    await visitor.close();

    await submitForm(page, page.getByRole("button", { name: `Remove ${name}` }), "/admin/sso");
    await expectToast(page, "Saved", `${name} was removed; its accounts keep their other ways to sign in.`);
    expect(db.count("select count(*) from sso_providers where display_name = ?", name)).toBe(0);
  });

  test("password sign-in cannot be turned off by an admin who never signed in through a provider", async ({
    page,
    db,
  }) => {
    await openAsAdmin(page, "/admin/sso");
    const form = page.locator("#sso-signin-settings");
    await form.getByLabel("Password sign-in").selectOption("off");
    const response = await submitForm(
      page,
      form.getByRole("button", { name: "Save sign-in settings" }),
      "/admin/sso",
    );
    expect(response.status()).toBe(409);
    const reason =
      "Password sign-in stays on until you have signed in yourself through a provider that works now: otherwise nobody could sign in.";
    await expect(form.getByText(reason)).toBeVisible();
    expect(db.count("select count(*) from system_settings where setting_key = 'password_signin'")).toBe(0);
  });
});
