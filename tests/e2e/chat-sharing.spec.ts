/**
 * Exporting and sharing a chat (docs/product.md §6), with JavaScript on and off: the download menu's formats,
 * making a share link, reading it signed out, 'Continue this chat', and revoking from Settings.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { chatIdOf, sendMessage, storedReply } from "./support/chat";
import { ALSO_WITHOUT_JS, chooseLanguage, expect, javaScriptOn, signIn, test } from "./support/fixtures";
import { submitForm } from "./support/forms";
import { localeTexts } from "./support/locales";
import { mockDirective } from "./support/mock";

const QUESTION = "Plan two days in Lisbon";

const messagesIn = (locale: string) => localeTexts(locale, "messages");

/** Intl's spaces (a narrow no-break one before "AM", in some versions) written as plain spaces. */
const plain = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * How a share link's creation time reads in `locale`: to the minute, in UTC with the zone named. The link was
 * made between `from` and `to`, so either minute is right.
 */
function createdTexts(locale: string, from: Date, to: Date) {
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const created = messagesIn(locale).chatTexts.shareCreatedAt;
  return [from, to].map((at) => plain(created.replace("{{date}}", `${format.format(at)} UTC`)));
}

async function chatWithReply(page: Page) {
  await page.goto("/chat");
  await sendMessage(page, QUESTION);
  await storedReply(page);
  return chatIdOf(page);
}

test.describe("export and share", { tag: ALSO_WITHOUT_JS }, () => {
  test("the download menu offers text, Markdown and JSON", async ({ page, user: _user }) => {
    await chatWithReply(page);
    const menu = page.getByRole("list", { name: "Download chat" });
    const save = async (name: string) => {
      // With JavaScript a choice closes the menu; without, it stays open for the next one.
      const summary = page.locator('summary[aria-label="Download chat"]');
      if ((await summary.locator("xpath=..").getAttribute("open")) === null) await summary.click();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        menu.getByRole("link", { name }).click(),
      ]);
      return { name: download.suggestedFilename(), text: readFileSync(await download.path(), "utf8") };
    };
    const md = await save("Markdown (.md)");
    expect(md.name).toMatch(/\.md$/);
    expect(md.text).toContain(`### User · `);
    expect(md.text).toContain(QUESTION);
    const json = await save("JSON (.json)");
    expect(json.name).toMatch(/\.json$/);
    const parsed = JSON.parse(json.text) as { messages: { role: string; vendor: string | null }[] };
    expect(parsed.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(parsed.messages[1]!.vendor).toBe("together");
    const txt = await save("Plain text (.txt)");
    expect(txt.text.startsWith(`User: ${QUESTION}\n\nAssistant: `)).toBe(true);
  });

  test("a share link shows a signed-out visitor a read-only copy; they continue it after signing in; revoked, it is a 404", async ({
    page,
    user,
    newVisitor,
    createAccount,
  }) => {
    // Two users, a reply, a sign-in and eight page loads: on a loaded machine more than one test's time.
    test.slow();
    const chatId = await chatWithReply(page);
    await page.getByRole("link", { name: "Share chat" }).click();
    await expect(page).toHaveURL(`/chat/${chatId}/share`);
    await expect(page.getByText("No share links.")).toBeVisible();
    await submitForm(page, page.getByRole("button", { name: "Create share link" }), `/chat/${chatId}/share`);
    const link = page.getByLabel("Share link");
    await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
    const url = await link.inputValue();

    const visitor = await newVisitor();
    const response = await visitor.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(QUESTION);
    await expect(visitor.getByRole("list", { name: "Messages" }).getByText(QUESTION)).toBeVisible();
    // The reply is labelled with its model's name as the catalogue writes it (innerText: as painted, case too).
    const replyLabel = visitor.getByRole("list", { name: "Messages" }).getByText("Dolphin Mixtral 8x22B");
    await expect(replyLabel).toBeVisible();
    expect(await replyLabel.innerText()).toContain(" · Dolphin Mixtral 8x22B");
    await expect(visitor.getByRole("list", { name: "Messages" })).not.toContainText("dolphin-mixtral-8x22b");
    expect(await visitor.content()).not.toContain(user.email);

    // Continue: sign in first, then the copy is the visitor's own chat.
    await visitor.getByRole("button", { name: "Continue this chat" }).click();
    await expect(visitor).toHaveURL(/\/signin\?redirectTo=%2Fshare%2F/);
    const reader = await createAccount();
    await signIn(visitor, reader);
    await visitor.goto(url);
    await visitor.getByRole("button", { name: "Continue this chat" }).click();
    await expect(visitor).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    expect(chatIdOf(visitor)).not.toBe(chatId);
    await expect(visitor.getByText(QUESTION).first()).toBeVisible();

    // Revoked from Settings → Shared links: the link is gone at once.
    await page.goto("/chat?settings=account");
    await page.getByRole("dialog", { name: "Settings" }).getByRole("link", { name: "Shared links" }).click();
    await expect(page).toHaveURL("/settings/shared-links");
    await submitForm(page, page.getByRole("button", { name: "Revoke" }), "/settings/shared-links");
    await expect(page.getByText("No share links.")).toBeVisible();
    expect((await visitor.goto(url))?.status()).toBe(404);
    // A guessed or tampered id is a 404 too.
    expect((await visitor.goto("/share/AAAAAAAAAAAAAAAAAAAAAA"))?.status()).toBe(404);
    expect((await visitor.goto(`/share/${chatId}`))?.status()).toBe(404);
  });

  test("on a phone a share link reads whole, says when it was made in the page's language, and copies with one click", async ({
    page,
    context,
    db,
    user,
  }) => {
    // A reply, a language change and five page loads.
    test.slow();
    await page.setViewportSize({ width: 375, height: 800 });
    const chatId = await chatWithReply(page);
    await page.goto(`/chat/${chatId}/share`);
    const before = new Date();
    await submitForm(page, page.getByRole("button", { name: "Create share link" }), `/chat/${chatId}/share`);
    const after = new Date();
    const link = page.getByLabel("Share link");
    await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
    const url = await link.inputValue();
    const row = page.getByRole("listitem").filter({ has: link });
    /** The row's "Created …" line, found by the words before the date in `locale`. */
    const createdText = async (locale: string, field = link) => {
      const words = messagesIn(locale).chatTexts.shareCreatedAt.split("{{date}}")[0]!;
      const line = page.getByRole("listitem").filter({ has: field }).getByText(words);
      return plain((await line.textContent())!);
    };

    /** The link is shown whole, id and all, inside the phone's width, and can be selected to copy by hand. */
    const expectWholeLink = async () => {
      // Polled: a page just loaded can be measured before its stylesheet has applied.
      const hidden = () =>
        link.evaluate((field) => ({
          across: field.scrollWidth - field.clientWidth,
          down: field.scrollHeight - field.clientHeight,
        }));
      await expect.poll(hidden).toEqual({ across: 0, down: 0 });
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await link.selectText();
      const selected = await link.evaluate((field: HTMLTextAreaElement) =>
        field.value.slice(field.selectionStart, field.selectionEnd),
      );
      expect(selected).toBe(url);
    };
    await expectWholeLink();
    expect(createdTexts("en", before, after)).toContain(await createdText("en"));

    const copy = row.getByRole("button", { name: "Copy link" });
    if (javaScriptOn()) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expect(row.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    } else {
      // A button that would do nothing without JavaScript is not shown; the field is there to select.
      await expect(copy).toBeHidden();
    }

    // Settings → Shared links speaks of all the user's links, not of one chat.
    const en = messagesIn("en").chatTexts;
    await page.goto("/settings/shared-links");
    await expect(page.getByText(en.sharedLinksExplanation)).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(en.shareExplanation);
    await expectWholeLink();

    // In German, the page's words and the date are German.
    await chooseLanguage(page, "german");
    await expect
      .poll(() => db.get("select language from user_preferences where user_id = ?", user.id))
      .toEqual({ language: "german" });
    const de = messagesIn("de").chatTexts;
    await page.goto("/settings/shared-links");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByText(de.sharedLinksExplanation)).toBeVisible();
    expect(createdTexts("de", before, after)).toContain(
      await createdText("de", page.getByLabel(de.shareLink)),
    );
    if (javaScriptOn()) {
      await page.getByRole("button", { name: de.shareCopy }).click();
      await expect(page.getByRole("button", { name: localeTexts("de", "chat").copy.copied })).toBeVisible();
    }
  });

  test("a shared reply's formulas are drawn for a signed-out visitor", async ({
    page,
    user: _user,
    newVisitor,
  }) => {
    const url = await shareLinkOfReply(page, "Euler", "Euler:\n\n\\[ e^{i\\pi} + 1 = 0 \\]");

    const visitor = await newVisitor();
    await visitor.goto(url);
    const formula = visitor.getByRole("list", { name: "Messages" }).locator(".katex-display");
    await expect(formula).toBeVisible();
    await expect(formula.locator("math msup")).toHaveText("eiπ");
    // KaTeX's stylesheet came with the page: the MathML for screen readers is not painted a second time.
    expect((await formula.locator(".katex-mathml").boundingBox())!.width).toBeLessThanOrEqual(1);
  });
});

test("a share page hydrates without a console error, and a huge \\rule stays inside its reply", async ({
  page,
  user: _user,
  newVisitor,
}) => {
  const url = await shareLinkOfReply(
    page,
    "Wall",
    "Euler:\n\n\\[ e^{i\\pi} + 1 = 0 \\]\n\nand a wall $$\\rule{3000em}{3000em}$$ in a *long* reply.",
  );

  const visitor = await newVisitor();
  const errors: string[] = [];
  visitor.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  visitor.on("pageerror", (error) => errors.push(error.message));
  await visitor.setViewportSize({ width: 375, height: 800 });
  await visitor.goto(url);
  // Hydrated: React has attached itself to the page, and has reported its hydration errors (if any) by then.
  await visitor.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
  expect(errors).toEqual([]);
  const messages = visitor.getByRole("list", { name: "Messages" });
  await expect(messages.locator(".katex-display")).toHaveCount(1);
  // The page does not scroll sideways, and the rule is no taller than the screen.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const rule = (await messages.locator(".katex .rule").boundingBox())!;
  expect(rule.height).toBeLessThan(800);
});

/** Asks `question` in a new chat, answered with `reply`, and shares the chat: the share link. */
async function shareLinkOfReply(page: Page, question: string, reply: string): Promise<string> {
  await page.goto("/chat");
  await sendMessage(page, `${question} ${mockDirective({ reply })}`);
  await storedReply(page);
  const chatId = chatIdOf(page);
  await page.goto(`/chat/${chatId}/share`);
  await submitForm(page, page.getByRole("button", { name: "Create share link" }), `/chat/${chatId}/share`);
  return page.getByLabel("Share link").inputValue();
}
