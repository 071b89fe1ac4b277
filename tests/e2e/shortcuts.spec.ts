/**
 * The chat's keyboard shortcuts and the `?` list of them (app/components/chat/shortcuts.ts), and the composer
 * that empties and offers Stop the moment a question is sent. Keyboard shortcuts and a send that does not wait
 * for the server need JavaScript by nature: these tests run in the `js` project only (no @nojs tag); every
 * control they reach also works by hand, and without JavaScript, where its own spec tests it.
 */
import type { Page } from "@playwright/test";
import {
  bubbles,
  CHAT_PATH,
  chatIdOf,
  composer,
  composerFields,
  composerForm,
  contentOf,
  finishedCompletion,
  lastReply,
  sendButton,
  sendMessage,
  storedReply,
} from "./support/chat";
import { chooseLanguage, expect, expectToast, test } from "./support/fixtures";
import { mockDirective } from "./support/mock";

/** The page's loader reloads (Remix's single-fetch `.data` GETs), held until `release`. */
async function holdDataReloads(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      await released;
      await route.continue();
    },
  );
  return { release };
}

const stopButton = (page: Page) => composerForm(page).getByRole("button", { name: "Stop", exact: true });
const shortcutsDialog = (page: Page) => page.getByRole("dialog", { name: "Keyboard shortcuts" });

/** The page's script has run: the attach button shows only then, and the shortcuts' listener is on. */
async function hydrated(page: Page) {
  await expect(composerForm(page).getByRole("button", { name: "Attach files" })).toBeVisible();
}

/** Nothing focused: the keys go to the page, not to a field. */
async function focusNothing(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test.describe("keyboard shortcuts", () => {
  test("? lists every shortcut with its keys; in the message box it is a question mark; Esc closes the list", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    await hydrated(page);

    await composer(page).fill("Why");
    await composer(page).press("Shift+Slash");
    await expect(composer(page)).toHaveValue("Why?");
    await expect(shortcutsDialog(page)).toHaveCount(0);

    await focusNothing(page);
    await page.keyboard.press("Shift+Slash");
    const dialog = shortcutsDialog(page);
    await expect(dialog).toBeVisible();
    for (const [label, keys] of [
      ["New chat", "CtrlShiftO"],
      ["Search chats", "CtrlK"],
      ["Put the cursor in the message box", "ShiftEsc"],
      ["Copy the last reply", "CtrlShiftC"],
      ["Stop the reply", "Esc"],
      ["Show these shortcuts", "?"],
    ] as const)
      await expect(dialog.locator("dt", { hasText: label }).locator("+ dd")).toHaveText(keys);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    // The message box kept its words through it all.
    await expect(composer(page)).toHaveValue("Why?");
  });

  test("the list is in the page's language", async ({ page, user: _user }) => {
    await chooseLanguage(page, "german");
    await expectToast(page, "Sprache aktualisiert");
    await page.goto("/chat");
    await expect(page.getByRole("button", { name: "Dateien anhängen" })).toBeVisible();
    await page.keyboard.press("Shift+Slash");
    const dialog = page.getByRole("dialog", { name: "Tastenkürzel" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("dt", { hasText: "Neuer Chat" }).locator("+ dd")).toHaveText("StrgUmschaltO");
    await dialog.getByRole("button", { name: "Schließen" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("Ctrl+Shift+O opens a new chat with the cursor in the message box, even while typing", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    await sendMessage(page, `First ${mockDirective({ reply: "First answer." })}`);
    await storedReply(page);
    await composer(page).fill("half a thought");
    await page.keyboard.press("Control+Shift+O");
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await expect(page.getByRole("link", { name: "New chat" }).first()).toHaveAttribute(
      "aria-keyshortcuts",
      "Control+Shift+O Meta+Shift+O",
    );
  });

  test("Shift+Esc puts the cursor in the message box from anywhere, a search field too", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    await hydrated(page);
    await focusNothing(page);
    await page.keyboard.press("Shift+Escape");
    await expect(composer(page)).toBeFocused();
    await expect(composer(page)).toHaveAttribute("aria-keyshortcuts", "Shift+Escape");

    await page.getByRole("searchbox", { name: "Search chats" }).click();
    await page.keyboard.type("abc");
    await page.keyboard.press("Shift+Escape");
    await expect(composer(page)).toBeFocused();
  });

  test("Ctrl+Shift+C copies the last reply, saying so as its Copy button does", async ({
    page,
    context,
    user: _user,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/chat");
    await sendMessage(page, `One ${mockDirective({ reply: "The first reply." })}`);
    await storedReply(page);
    await sendMessage(page, `Two ${mockDirective({ reply: "The **second** reply." })}`);
    const reply = await storedReply(page);
    await expect(bubbles(page, "assistant")).toHaveCount(2);

    await focusNothing(page);
    await page.keyboard.press("Control+Shift+C");
    const copy = reply.getByRole("button", { name: "Copied" });
    await expect(copy).toBeVisible();
    await expect(copy).toHaveAttribute("aria-keyshortcuts", "Control+Shift+C Meta+Shift+C");
    // As written (its Markdown), as the button copies it.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("The **second** reply.");
    // Only the newest reply's button is the one the keys reach.
    await expect(bubbles(page, "assistant").first().locator("[aria-keyshortcuts]")).toHaveCount(0);
  });

  test("Esc stops the reply being written, as Stop does; Esc in an open dialog only closes the dialog", async ({
    page,
    db,
    mock,
    user: _user,
  }) => {
    await page.goto("/chat");
    const held = mock.heldReply({ reply: "never said" });
    await composer(page).fill(`Hold on ${held.directive}`);
    await composer(page).press("Enter");
    await expect(stopButton(page)).toBeVisible();
    await expect(page).toHaveURL(CHAT_PATH);
    const chatId = chatIdOf(page);
    await expect(stopButton(page)).toHaveAttribute("aria-keyshortcuts", "Escape");

    await focusNothing(page);
    await page.keyboard.press("Shift+Slash");
    await expect(shortcutsDialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(shortcutsDialog(page)).toHaveCount(0);
    await expect(stopButton(page)).toBeEnabled();
    expect(db.completionsOfChat(chatId).at(-1)?.status).not.toBe("stopped");

    await page.keyboard.press("Escape");
    await finishedCompletion(db, chatId, "stopped");
    await expect(sendButton(page)).toBeVisible();
    await expect(stopButton(page)).toHaveCount(0);
    await held.release();
  });
});

test.describe("a send with a slow vendor", () => {
  test("empties the box and offers Stop the moment Enter is pressed, and Stop stops it", async ({
    page,
    db,
    mock,
    user: _user,
  }) => {
    await page.goto("/chat");
    await hydrated(page);
    const { requestId } = await composerFields(page);
    // The vendor says nothing until released, and the chat's page is held back: what shows meanwhile is the
    // new-chat page's own doing, before any reply and before the page goes on to the chat.
    const held = mock.heldReply({ reply: "too late" }, "slow");
    const reloads = await holdDataReloads(page);
    await composer(page).fill(`Slow question ${held.directive}`);
    await composer(page).press("Enter");

    await expect(composer(page)).toHaveValue("");
    await expect(stopButton(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sending..." })).toHaveCount(0);
    await expect(contentOf(bubbles(page, "user").last())).toHaveText(/^Slow question/);
    await expect(lastReply(page)).toHaveText("Thinking...");
    expect(new URL(page.url()).pathname).toBe("/chat");

    await stopButton(page).click();
    await expect.poll(() => db.completion(requestId)?.status).toBe("stopped");
    reloads.release();
    await expect(page).toHaveURL(CHAT_PATH);
    await expect(sendButton(page)).toBeVisible();
    await expect(composer(page)).toHaveValue("");
    await held.release();
  });

  test("a refused send puts the words back in the box", async ({ page, db, user }) => {
    await page.goto("/chat");
    await hydrated(page);
    // Restricted after the page loaded: the page still offers the box, the server refuses the send.
    db.grantRole(user.id, "restricted");
    await composer(page).fill("Keep my words");
    await composer(page).press("Enter");
    await expect(
      page.getByText("Your account is restricted: you can read your chats but not send messages.").first(),
    ).toBeVisible();
    await expect(composer(page)).toHaveValue("Keep my words");
    await expect(stopButton(page)).toHaveCount(0);
  });
});
