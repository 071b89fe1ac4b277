/**
 * Exporting and sharing a chat (docs/product.md §6), with JavaScript on and off: the download menu's formats,
 * making a share link, reading it signed out, 'Continue this chat', and revoking from Settings.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { chatIdOf, sendMessage, storedReply } from "./support/chat";
import { ALSO_WITHOUT_JS, expect, signIn, test } from "./support/fixtures";
import { submitForm } from "./support/forms";
import { mockDirective } from "./support/mock";

const QUESTION = "Plan two days in Lisbon";

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

  test("a shared reply's formulas are drawn for a signed-out visitor", async ({
    page,
    user: _user,
    newVisitor,
  }) => {
    await page.goto("/chat");
    await sendMessage(page, `Euler ${mockDirective({ reply: "Euler:\n\n\\[ e^{i\\pi} + 1 = 0 \\]" })}`);
    await storedReply(page);
    const chatId = chatIdOf(page);
    await page.goto(`/chat/${chatId}/share`);
    await submitForm(page, page.getByRole("button", { name: "Create share link" }), `/chat/${chatId}/share`);
    const url = await page.getByLabel("Share link").inputValue();

    const visitor = await newVisitor();
    await visitor.goto(url);
    const formula = visitor.getByRole("list", { name: "Messages" }).locator(".katex-display");
    await expect(formula).toBeVisible();
    await expect(formula.locator("math msup")).toHaveText("eiπ");
    // KaTeX's stylesheet came with the page: the MathML for screen readers is not painted a second time.
    expect((await formula.locator(".katex-mathml").boundingBox())!.width).toBeLessThanOrEqual(1);
  });
});
