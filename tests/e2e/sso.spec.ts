/**
 * Single sign-on (docs/product.md §7) against a real OpenID provider the test server runs (oidc-provider,
 * tests/support/oidc-provider.ts), with and without JavaScript: its sign-in page lets the test say who signs
 * in and whether the provider has confirmed that address.
 */
import { ALSO_WITHOUT_JS, expect, expectToast, test, uniqueEmail } from "./support/fixtures";
import { SSO } from "./support/env";
import { continueWithTestId } from "./support/sso";

const FAILED = "Sign-in failed";

const identitiesOf = (db: { count(sql: string, ...params: string[]): number }, userId: string) =>
  db.count("select count(*) from user_identities where user_id = ?", userId);

test.describe("single sign-on", { tag: ALSO_WITHOUT_JS }, () => {
  test("the first sign-in through the provider creates the account and lands in the chat; the next signs in to it", async ({
    page,
    db,
    newVisitor,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "sso");
    await continueWithTestId(page, email);
    await expect(page).toHaveURL("/chat");
    await expectToast(page, "Account created", "You've successfully signed up!");
    const user = db.userByEmail(email)!;
    expect(user.name).toBe("Sam Single");
    expect(user.password_hash).toBeNull();
    expect(identitiesOf(db, user.id)).toBe(1);

    const again = await newVisitor();
    await continueWithTestId(again, email);
    await expect(again).toHaveURL("/chat");
    await expectToast(again, "Signed in successfully", "Welcome back!");
    expect(db.count("select count(*) from users where email = ?", email)).toBe(1);
    expect(identitiesOf(db, user.id)).toBe(1);
  });

  test("a sign-in with the address of an existing account links to it when the provider has confirmed the address", async ({
    page,
    db,
    account,
  }) => {
    await continueWithTestId(page, account.email);
    await expect(page).toHaveURL("/chat");
    await expectToast(page, "Signed in successfully", "Welcome back!");
    expect(identitiesOf(db, account.id)).toBe(1);
    await page.goto("/settings/security");
    await expect(page.getByText(account.email).first()).toBeVisible();
  });

  test("an address the provider has not confirmed neither links nor creates an account", async ({
    page,
    db,
    account,
    newVisitor,
  }, testInfo) => {
    const refusal =
      "The identity provider has not confirmed this e-mail address, so it cannot sign in here. Confirm it there, then try again.";
    await continueWithTestId(page, account.email, { verified: false });
    await expect(page).toHaveURL("/signin");
    await expectToast(page, FAILED, refusal);
    expect(identitiesOf(db, account.id)).toBe(0);

    // A new browser: the provider remembers who signed in at it in this one.
    const stranger = uniqueEmail(testInfo, "unverified");
    const other = await newVisitor();
    await continueWithTestId(other, stranger, { verified: false });
    await expect(other).toHaveURL("/signin");
    await expectToast(other, FAILED, refusal);
    expect(db.userByEmail(stranger)).toBeUndefined();
  });

  test("an answer to a sign-in this browser did not start (a wrong state) is refused", async ({ page }) => {
    await page.goto("/signin");
    await page.getByRole("link", { name: `Continue with ${SSO.working.displayName}` }).click();
    await expect(page.getByRole("heading", { name: "Test ID" })).toBeVisible();
    await page.goto(`/auth/${SSO.working.slug}/callback?code=forged-code&state=not-the-state`);
    await expect(page).toHaveURL("/signin");
    await expectToast(
      page,
      FAILED,
      "This sign-in was not started here, or it took too long. Please start again.",
    );
  });

  test("a provider's answer replayed with the browser's own cookie is refused: the code works once", async ({
    page,
    newVisitor,
    db,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "replay");
    const callback = page.waitForRequest((request) =>
      request.url().includes(`/auth/${SSO.working.slug}/callback?`),
    );
    await page.goto("/signin");
    await page.getByRole("link", { name: `Continue with ${SSO.working.displayName}` }).click();
    await expect(page.getByRole("heading", { name: "Test ID" })).toBeVisible();
    const pending = (await page.context().cookies()).filter((cookie) => cookie.name === "rogue_sso");
    expect(pending).toHaveLength(1);
    await page.getByLabel("Account e-mail").fill(email);
    await page.getByRole("button", { name: "Sign in to Test ID" }).click();
    await expect(page).toHaveURL("/chat");
    const answer = (await callback).url();

    const attacker = await newVisitor();
    await attacker.context().addCookies(pending);
    await attacker.goto(answer);
    await expect(attacker).toHaveURL("/signin");
    await expectToast(
      attacker,
      FAILED,
      "This sign-in answer was already used or has expired. Please start again.",
    );
    expect(db.count("select count(*) from users where email = ?", email)).toBe(1);
  });

  test("cancelling at the provider, or a provider that is down, lands on /signin saying so", async ({
    page,
  }) => {
    await page.goto("/signin");
    await page.getByRole("link", { name: `Continue with ${SSO.working.displayName}` }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/signin");
    await expectToast(
      page,
      FAILED,
      "The sign-in was cancelled at the identity provider. Nothing was changed.",
    );

    await page.getByRole("link", { name: `Continue with ${SSO.down.displayName}` }).click();
    await expect(page).toHaveURL("/signin");
    await expectToast(
      page,
      FAILED,
      "The identity provider cannot be reached right now. Try again in a few minutes.",
    );
  });
});
