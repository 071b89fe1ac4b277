import { dropMaxLength, postForm, submitForm } from "./support/forms";
import {
  ALSO_WITHOUT_JS,
  expect,
  expectSignedInHeader,
  expectToast,
  newAccountInput,
  test,
  type Account,
} from "./support/fixtures";
import type { Page } from "@playwright/test";

type SignupInput = Omit<Account, "id">;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A syntactically valid address of 255+ characters: labels stay under 64, the whole is over 254. */
const LONG_EMAIL = `${"a".repeat(60)}@${Array.from({ length: 4 }, (_, i) => `${String(i)}${"b".repeat(60)}`).join(".")}.test`;

async function fillSignup(page: Page, input: SignupInput) {
  const fields = {
    Name: input.name,
    Email: input.email,
    Password: input.password,
  };
  for (const [label, value] of Object.entries(fields)) {
    const field = page.getByLabel(label, { exact: true });
    // The server's limits are under test, not the browser's.
    await dropMaxLength(field);
    await field.fill(value);
  }
}

test.describe("sign-up", { tag: ALSO_WITHOUT_JS }, () => {
  test("signing up lands on the redirect target signed in, with only an argon2id hash stored", async ({
    page,
    db,
  }, testInfo) => {
    const input = newAccountInput(testInfo);
    await page.goto(`/signup?${new URLSearchParams({ redirectTo: "/?welcome=1" })}`);
    await fillSignup(page, input);
    await page.getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL("/?welcome=1");
    await expectToast(page, "Account created", "You've successfully signed up!");
    await expectSignedInHeader(page, input.name);

    const row = db.userByEmail(input.email);
    expect(row?.name).toBe(input.name);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(input.password);
  });

  interface BadSignup {
    what: string;
    change: (input: SignupInput, existing: Account | null) => Partial<SignupInput>;
    field: "Name" | "Email" | "Password";
    message: string;
    status: number;
    needsExisting?: boolean;
  }
  /** A field its own check refuses: 400, the field described by `message`. */
  const invalid = (
    what: string,
    change: BadSignup["change"],
    field: BadSignup["field"],
    message: string,
  ): BadSignup => ({ what, change, field, message, status: 400 });
  const badSignups: BadSignup[] = [
    invalid("no name", () => ({ name: "" }), "Name", "Name is required"),
    invalid("no e-mail", () => ({ email: "" }), "Email", "Email is required"),
    invalid("an invalid e-mail", () => ({ email: "not-an-email" }), "Email", "Invalid email address"),
    invalid(
      "a 7-character password",
      () => ({ password: "short12" }),
      "Password",
      "Password must be at least 8 characters",
    ),
    invalid(
      "a password from the breach lists",
      () => ({ password: "Password123" }),
      "Password",
      "This password is one of the most common and easy to guess. Please choose another.",
    ),
    invalid(
      "a 101-character name",
      () => ({ name: "n".repeat(101) }),
      "Name",
      "Name must be at most 100 characters",
    ),
    invalid(
      `a ${LONG_EMAIL.length}-character e-mail`,
      () => ({ email: LONG_EMAIL }),
      "Email",
      "Email must be at most 254 characters",
    ),
    {
      what: "an e-mail already registered (in other letter case)",
      change: (_input, existing) => ({ email: existing!.email.toUpperCase() }),
      field: "Email",
      message: "An account with this email already exists. Sign in instead.",
      status: 409,
      needsExisting: true,
    },
  ];

  for (const bad of badSignups) {
    test(`sign-up with ${bad.what} is refused with '${bad.message}', keeping what was typed`, async ({
      page,
      db,
      javaScriptEnabled,
      createAccount,
    }, testInfo) => {
      const existing = bad.needsExisting ? await createAccount() : null;
      const fresh = newAccountInput(testInfo);
      const input = { ...fresh, ...bad.change(fresh, existing) };
      const storedWithEmail = () =>
        db.count("select count(*) from users where email = lower(?)", input.email.trim());
      const storedBefore = storedWithEmail();

      await page.goto("/signup");
      await fillSignup(page, input);
      const button = page.getByRole("button", { name: "Sign Up" });
      if (javaScriptEnabled) {
        // With JavaScript the browser checks the same schema first; the duplicate is only known to the server.
        await button.click();
      } else {
        const response = await submitForm(page, button, "/signup");
        expect(response.status()).toBe(bad.status);
      }

      const field = page.getByLabel(bad.field, { exact: true });
      await expect(page.getByText(bad.message)).toBeVisible();
      await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(bad.message)));
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(input.name);
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(input.email);
      // The server never sends a password back.
      if (!javaScriptEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

      const response = await postForm(page.request, "/signup", { ...input, redirectTo: "/" });
      expect(response.status()).toBe(bad.status);
      const body = await response.text();
      expect(body).toContain(bad.message);
      expect(body).not.toContain(input.password);

      expect(storedWithEmail()).toBe(storedBefore);
    });
  }

  test("a name with markup is stored as typed and shown as text, never run", async ({
    page,
    db,
  }, testInfo) => {
    const hostile = `<img src=x onerror=alert(1)>`;
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const input = newAccountInput(testInfo, { name: hostile });
    await page.goto("/signup");
    await fillSignup(page, input);
    await page.getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL("/");
    await expectSignedInHeader(page, hostile);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
    expect(db.userByEmail(input.email)?.name).toBe(hostile);
  });
});
