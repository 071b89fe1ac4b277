import type { Page, Response } from "@playwright/test";
import { postForm, submitForm } from "./support/forms";
import { ALSO_WITHOUT_JS, expect, expectToast, test, type Credentials } from "./support/fixtures";

const credentialsOf = ({ email, password }: Credentials) => ({ email, password });

const CREDENTIALS_REFUSED = "Please check your credentials and try again";
const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a few minutes and try again.";
const SUSPENDED = "This account has been suspended.";

/** Fills and submits the sign-in form; returns the response to its POST. */
async function signInWithForm(page: Page, { email, password }: Credentials) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  return submitForm(page, page.getByRole("button", { name: "Sign In", exact: true }), "/signin");
}

/**
 * A refused sign-in: the status, the message above the form, the e-mail kept. The server never sends the
 * password back, so a page it rendered (JavaScript off) has an empty password field.
 */
async function expectRefused(page: Page, response: Response, status: number, message: string) {
  expect(response.status()).toBe(status);
  await expect(page.getByRole("main").getByText(message)).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByLabel("Email")).not.toHaveValue("");
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  if (!javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
}

// All tests share 127.0.0.1, so the test server lifts the per-IP limit (SIGNIN_FAILURES_PER_IP); the
// per-account limit is what these tests meet, and tests/integration/auth-limits.test.ts proves the per-IP one.
test.describe("sign-in", { tag: ALSO_WITHOUT_JS }, () => {
  test("signing in lands on the chat with a welcome toast", async ({ page, account }) => {
    await page.goto("/signin");
    await signInWithForm(page, account);
    await expect(page).toHaveURL("/chat");
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
    await expectToast(page, "Signed in successfully", "Welcome back!");
  });

  test("a wrong password is refused with 401 and the spec's message", async ({ page, account }) => {
    const wrong = { email: account.email, password: `${account.password}-wrong` };
    await page.goto("/signin");
    await expectRefused(page, await signInWithForm(page, wrong), 401, CREDENTIALS_REFUSED);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);

    const response = await postForm(page.request, "/signin", wrong);
    expect(response.status()).toBe(401);
    expect(await response.text()).toContain(CREDENTIALS_REFUSED);
  });

  test("after 5 failed attempts on an account even the right password gets 429", async ({
    page,
    account,
  }) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await postForm(page.request, "/signin", {
        email: account.email,
        password: "wrong-password",
      });
      expect(response.status(), `failed attempt ${attempt}`).toBe(401);
    }
    await page.goto("/signin");
    await expectRefused(page, await signInWithForm(page, account), 429, TOO_MANY_ATTEMPTS);
    const response = await postForm(page.request, "/signin", credentialsOf(account));
    expect(response.status()).toBe(429);
  });

  test("a banned user is signed out and cannot sign in again", async ({ page, user, db }) => {
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();

    db.grantRole(user.id, "banned");
    await page.goto("/chat");
    await expect(page).toHaveURL("/signin?redirectTo=%2Fchat");

    await expectRefused(page, await signInWithForm(page, user), 403, SUSPENDED);
    const response = await postForm(page.request, "/signin", credentialsOf(user));
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(SUSPENDED);
  });

  const offSiteTargets = ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"];
  for (const target of offSiteTargets) {
    test(`redirectTo=${target} is ignored: signing in lands on /chat`, async ({ page, account }) => {
      await page.goto(`/signin?${new URLSearchParams({ redirectTo: target })}`);
      await signInWithForm(page, account);
      await expect(page).toHaveURL("/chat");

      // A crafted post is held to the same rule.
      const crafted = await postForm(page.request, "/signin", {
        ...credentialsOf(account),
        redirectTo: target,
      });
      expect(crafted.status()).toBe(302);
      expect(crafted.headers().location).toBe("/chat");
    });
  }

  test("a same-site redirectTo is kept: signing in lands on it", async ({ page, account }) => {
    await page.goto(`/signin?${new URLSearchParams({ redirectTo: "/chat/xyz" })}`);
    await signInWithForm(page, account);
    await expect(page).toHaveURL("/chat/xyz");
  });
});
