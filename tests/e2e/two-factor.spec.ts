/**
 * Two-factor sign-in (docs/product.md §8), with and without JavaScript: set up from the key the page shows (the
 * test is the authenticator app: it computes each code from that key), then sign in with a code, and with a
 * recovery code that then no longer works; bad codes refused with the catalogue's text.
 */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { ALSO_WITHOUT_JS, expect, expectToast, signIn, test, type Credentials } from "./support/fixtures";
import { submitForm, submitRefused } from "./support/forms";
import { continueWithTestId } from "./support/sso";

const STEP_MS = 30_000;
const CODE_WRONG = "That code is not right. Please check it and try again.";
const CODE_REQUIRED = "Enter the code from your authenticator app.";

/** What an authenticator app holding `secret` shows at `at`. */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")) }).generate({ timestamp: at });

/**
 * The next step's code: the set-up took this step's code, and a code is taken once, so the app's next one (a
 * step ahead is within the drift allowed) is the one a user would type next.
 */
const nextCode = (secret: string) => codeAt(secret, Date.now() + STEP_MS);

/** A six-digit code that `secret` gives in no step near now. */
function wrongCode(secret: string) {
  const near = [-1, 0, 1].map((steps) => codeAt(secret, Date.now() + steps * STEP_MS));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.includes(code))!;
}

/** Sets up 2FA on Settings → Security as a user does; returns the key shown and the recovery codes. */
async function enrol(page: Page, shots?: (name: string) => Promise<void>) {
  await page.goto("/settings/security");
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(section.getByTestId("two-factor-status")).toHaveText("Two-factor sign-in is off.");
  await submitForm(
    page,
    section.getByRole("button", { name: "Set up two-factor sign-in" }),
    "/settings/security",
  );
  await expect(
    section.getByRole("img", { name: "QR code holding your two-factor sign-in key" }),
  ).toBeVisible();
  const secret = (await section.getByTestId("totp-secret").textContent())!;
  expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
  await shots?.("enrol");

  await section.getByLabel("Code from the app").fill(wrongCode(secret));
  const refused = await submitForm(
    page,
    section.getByRole("button", { name: "Turn on" }),
    "/settings/security",
  );
  expect(refused.status()).toBe(401);
  await expect(section.getByText(CODE_WRONG)).toBeVisible();

  await section.getByLabel("Code from the app").fill(codeAt(secret, Date.now()));
  await submitForm(page, section.getByRole("button", { name: "Turn on" }), "/settings/security");
  const codes = section.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(section.getByTestId("two-factor-status")).toContainText("recovery codes left");
  return { secret, recoveryCodes: await codes.allTextContents() };
}

/** Signs in with the password on a fresh page, which then asks for the second step. */
async function passwordStep(page: Page, { email, password }: Credentials) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await submitForm(page, page.getByRole("button", { name: "Sign In", exact: true }), "/signin");
  await expect(page).toHaveURL("/signin/two-factor");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

const sendCode = (page: Page, code: string) =>
  page
    .getByLabel("Code")
    .fill(code)
    .then(() => submitForm(page, page.getByRole("button", { name: "Continue" }), "/signin/two-factor"));

/** Screenshots of the page at a phone's and a laptop's width, into the test's output folder. */
const screenshotsOf = (page: Page) => async (name: string) => {
  const mode = test.info().project.use.javaScriptEnabled === false ? "nojs" : "js";
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${mode}.png`), fullPage: true });
  }
};

test.describe("two-factor sign-in", { tag: ALSO_WITHOUT_JS }, () => {
  // Each test sets up 2FA and signs in several times, every sign-in an argon2 check: more than the default 30 s
  // on the shared two-core machine.
  test.slow();

  test("enrol TOTP and sign in with a code, then with a recovery code (which then no longer works)", async ({
    page,
    account,
    newVisitor,
    db,
  }) => {
    await signIn(page, account);
    const { secret, recoveryCodes } = await enrol(page, screenshotsOf(page));
    expect(db.count("select count(*) from recovery_codes where user_id = ?", account.id)).toBe(10);

    const sessions = () => db.count("select count(*) from sessions where user_id = ?", account.id);
    const before = sessions();
    const phone = await newVisitor();
    await passwordStep(phone, account);
    expect(sessions()).toBe(before);
    await screenshotsOf(phone)("second-step");
    await sendCode(phone, nextCode(secret));
    await expect(phone).toHaveURL("/chat");
    await expectToast(phone, "Signed in successfully", "Welcome back!");
    expect(sessions()).toBe(before + 1);

    const laptop = await newVisitor();
    await passwordStep(laptop, account);
    await sendCode(laptop, recoveryCodes[0]!);
    await expect(laptop).toHaveURL("/chat");

    const thief = await newVisitor();
    await passwordStep(thief, account);
    const refused = await sendCode(thief, recoveryCodes[0]!);
    expect(refused.status()).toBe(401);
    await expect(thief.getByRole("main").getByText(CODE_WRONG)).toBeVisible();
    await expect(thief).toHaveURL("/signin/two-factor");
    expect(sessions()).toBe(before + 2);
  });

  test("an account with two-factor sign-in gives its code after the identity provider too", async ({
    page,
    account,
    newVisitor,
  }) => {
    await signIn(page, account);
    const { secret } = await enrol(page);
    const visitor = await newVisitor();
    await continueWithTestId(visitor, account.email);
    await expect(visitor).toHaveURL("/signin/two-factor");
    await sendCode(visitor, nextCode(secret));
    await expect(visitor).toHaveURL("/chat");
  });

  test("a wrong code, a code of another account's key and no code are each refused with the catalogue's text", async ({
    page,
    account,
    createAccount,
    newVisitor,
    javaScriptEnabled,
  }) => {
    await signIn(page, account);
    const own = await enrol(page);
    const other = await newVisitor();
    await signIn(other, await createAccount());
    const theirs = await enrol(other);

    const visitor = await newVisitor();
    await passwordStep(visitor, account);
    await submitRefused(
      visitor,
      visitor.getByRole("button", { name: "Continue" }),
      "/signin/two-factor",
      javaScriptEnabled,
    );
    await expect(visitor.getByText(CODE_REQUIRED)).toBeVisible();

    for (const code of [wrongCode(own.secret), nextCode(theirs.secret)]) {
      // The one case in a million where the other key's code is also this one's: nothing to prove with it.
      if ([-1, 0, 1].some((steps) => codeAt(own.secret, Date.now() + steps * STEP_MS) === code)) continue;
      const refused = await sendCode(visitor, code);
      expect(refused.status()).toBe(401);
      await expect(visitor.getByRole("main").getByText(CODE_WRONG)).toBeVisible();
      await expect(visitor).toHaveURL("/signin/two-factor");
    }
    await sendCode(visitor, nextCode(own.secret));
    await expect(visitor).toHaveURL("/chat");
  });
});
