/**
 * The `test` every spec uses: Playwright's, plus the run's database, the mock vendor, and fresh accounts.
 * Every account has a unique e-mail, so tests never depend on each other's data or order.
 */
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { TestDb } from "./db";
import { ADMIN, RUN_STATE_FILE, type RunState } from "./env";
import { MockControl } from "./mock";

/** Tests that also run in the no-js project (every form must work without JavaScript). */
export const ALSO_WITHOUT_JS = "@nojs";
/** Tests of the no-JavaScript path itself; only the no-js project runs them. */
export const ONLY_WITHOUT_JS = "@nojs-only";

export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export function uniqueEmail(testInfo: TestInfo, label = "user") {
  const tag = `${testInfo.project.name}-w${testInfo.workerIndex}`;
  return `${label}-${tag}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@e2e.test`;
}

export function newAccountInput(testInfo: TestInfo, overrides: Partial<Omit<Account, "id">> = {}) {
  const suffix = randomBytes(3).toString("hex");
  return {
    name: `Tester ${suffix}`,
    email: uniqueEmail(testInfo),
    password: `pw-${randomBytes(6).toString("hex")}`,
    ...overrides,
  };
}

type TestFixtures = {
  /** Registers a fresh account through the sign-up form's endpoint and signs `page` in as it. */
  signUp: (page: Page, overrides?: Partial<Omit<Account, "id">>) => Promise<Account>;
  /** Registers a fresh account in a throwaway request context, so no page is signed in as it. */
  createAccount: () => Promise<Account>;
  /** A fresh account, signed in nowhere. */
  account: Account;
  /** A fresh account, signed in on `page`. */
  user: Account;
  /** A second visitor: a new browser context with the project's settings, closed after the test. */
  newVisitor: () => Promise<Page>;
};

type WorkerFixtures = {
  run: RunState;
  db: TestDb;
  mock: MockControl;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  run: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a pattern
    async ({}, provide) => provide(JSON.parse(readFileSync(RUN_STATE_FILE, "utf8")) as RunState),
    { scope: "worker" },
  ],
  db: [
    async ({ run }, provide) => {
      const db = new TestDb(run.dbFile);
      await provide(db);
      db.close();
    },
    { scope: "worker" },
  ],
  mock: [async ({ run }, provide) => provide(new MockControl(run.mockUrl)), { scope: "worker" }],

  signUp: async ({ db }, provide, testInfo) => {
    await provide((page, overrides) => register(page.request, db, newAccountInput(testInfo, overrides)));
  },
  createAccount: async ({ playwright, baseURL, db }, provide, testInfo) => {
    await provide(async () => {
      const request = await playwright.request.newContext({ baseURL });
      try {
        return await register(request, db, newAccountInput(testInfo));
      } finally {
        await request.dispose();
      }
    });
  },
  account: async ({ createAccount }, provide) => provide(await createAccount()),
  user: async ({ page, signUp }, provide) => provide(await signUp(page)),
  newVisitor: async ({ browser, baseURL, javaScriptEnabled }, provide) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await provide(async () => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/**
 * The toast with `title` (and `description`, when given) is showing. Soft: a missing toast fails the test but
 * lets it go on to check the rest of what the user should see.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  // The list's label is translated with the page: found by what it is, so a toast in any language counts. Each
  // toast is an item of that list to a screen reader, announced as a status (or an alert, for an error).
  let toast = page.locator("[data-toast-list]").getByRole("listitem").filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await expect.soft(toast, `toast '${title}' / '${description ?? ""}'`).toBeVisible();
  await expect
    .soft(toast.locator('[role="status"], [role="alert"]'), `toast '${title}' announced`)
    .toBeVisible();
}

/**
 * A refused form says why once: in its failure toast (`title` / `reason`), and on the page at most once more,
 * under `form`, the form that was sent, when it has a place for it (a one-button form has none). Never also in
 * a page-wide alert, nor beside the page's other forms.
 */
export async function expectRefusedOnce(page: Page, title: string, reason: string, form?: Locator) {
  if (form) await expect(form.getByText(reason, { exact: true })).toBeVisible();
  await expectToast(page, title, reason);
  // Each element whose own text holds the reason (Playwright matches the innermost), the toasts' aside.
  const outsideToasts = await page
    .getByText(reason)
    .evaluateAll((found) => found.filter((element) => !element.closest("[data-toast-list]")).length);
  expect(outsideToasts, `'${reason}' on the page outside the toasts`).toBe(form ? 1 : 0);
}

/** What Sign Out leaves: the sign-in page, its toast, and no session of the user in the database. */
export async function expectSignedOut(page: Page, db: TestDb, userId: string) {
  await expect(page).toHaveURL("/signin");
  await expectToast(page, "Signed Out", "You have been signed out, redirecting to login");
  expect(db.count("select count(*) from sessions where user_id = ?", userId)).toBe(0);
}

/** Posts the sign-up form; the request context is then signed in as the new account. */
async function register(
  request: APIRequestContext,
  db: TestDb,
  input: Omit<Account, "id">,
): Promise<Account> {
  // Following the redirect lets the landing page consume the 'Account created' toast here, not in the test.
  const response = await request.post("/signup", { form: { ...input, redirectTo: "/" } });
  expect(response.status(), `sign-up of ${input.email}`).toBe(200);
  const row = db.userByEmail(input.email);
  if (!row) throw new Error(`sign-up of ${input.email} stored no user`);
  return { id: row.id, ...input };
}

/** Signs `page` in through the sign-in form's endpoint (landing on /chat, which consumes the toast). */
export async function signIn(page: Page, { email, password }: Credentials) {
  const response = await page.request.post("/signin", { form: { email, password, redirectTo: "/chat" } });
  expect(new URL(response.url()).pathname, `sign-in of ${email}`).toBe("/chat");
}

/** Signs `page` in as the run's admin and opens `path`. */
export async function openAsAdmin(page: Page, path: string) {
  await signIn(page, ADMIN);
  await page.goto(path);
}

/** The public header greets the signed-in user and offers the chat. */
export async function expectSignedInHeader(page: Page, name: string) {
  // The mobile menu repeats the header's actions inside a closed <details>: only the visible ones count.
  const header = page.getByRole("banner");
  await expect(header.getByText(`Hello, ${name}`, { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Chat Now" })).toBeVisible();
}

/** Whether the running project has JavaScript on. */
export const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Picks `language` in Settings → Preferences: with JavaScript choosing saves at once; without it Save does. */
export async function chooseLanguage(page: Page, language: string) {
  await page.goto("/chat?settings=preferences");
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByRole("combobox", { name: "Language" }).selectOption(language);
  if (!javaScriptOn()) await dialog.getByRole("button", { name: "Save" }).click();
}

/**
 * Opens /signin?demo=true as a visitor does: with JavaScript the demo starts by itself; without it, the
 * visitor clicks the one button (the GET alone creates nothing).
 */
export async function openDemoLink(page: Page) {
  await page.goto("/signin?demo=true");
  if (!javaScriptOn()) await page.getByRole("button", { name: "Try Demo", exact: true }).click();
}
