/**
 * Searching what was said (docs/product.md §6 'Search'), with JavaScript on and off: the sidebar's search opens
 * the results, a word only in a reply finds its chat, and the result opens the chat at that message.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { sidebar } from "./support/chat";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

/** A word no other test's chat holds. */
const uniqueWord = (label: string) => `${label}${randomBytes(4).toString("hex")}`;

const searchField = (page: Page) =>
  page.getByRole("main").getByRole("searchbox", { name: "Search what was said" });
const results = (page: Page) => page.getByRole("region", { name: /Best matches for/ }).getByRole("link");

test.describe("search of what was said", { tag: ALSO_WITHOUT_JS }, () => {
  test("finds a word only in a reply's text from the sidebar, and opens the chat at that message", async ({
    page,
    user,
    db,
  }) => {
    const word = uniqueWord("zephyr");
    const said = Array.from({ length: 130 }, (_, index) => ({
      role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content:
        index === 1 ? `An early reply: the ${word} blows from the west.` : `Turn ${index} of a long chat.`,
    }));
    const chatId = db.insertChat(user.id, "llama-3.1-8b-instruct", said);
    const replyId = db.messagesOfChat(chatId)[1]!.id;

    await page.goto("/chat");
    const box = sidebar(page).getByRole("searchbox", { name: "Search chats" });
    await box.fill(word.toUpperCase());
    await box.press("Enter");
    await expect(page).toHaveURL(`/chat/search?q=${word.toUpperCase()}`);

    const [result] = [results(page)];
    await expect(result).toHaveCount(1);
    await expect(result).toContainText("A long chat");
    await expect(result.locator("mark")).toHaveText(word);
    await expect(result).toContainText(`An early reply: the ${word} blows from the west.`);

    await result.click();
    // 129 messages from the end: three pages of 50 bring it onto the chat's page.
    await expect(page).toHaveURL(`/chat/${chatId}?shown=150#message-${replyId}`);
    await expect(page.locator(`#message-${replyId}`)).toBeInViewport();
    await expect(page.locator(`#message-${replyId}`)).toContainText(word);
  });

  test("reads quotes, OR and minus signs as words, and says when nothing matches", async ({
    page,
    user,
    db,
  }) => {
    const word = uniqueWord("quokka");
    db.insertChat(user.id, "llama-3.1-8b-instruct", [
      { role: "user", content: `Tell me about the ${word}, or else` },
    ]);
    await page.goto(`/chat/search?q=${encodeURIComponent(`"${word}" OR -(`)}`);
    await expect(results(page)).toHaveCount(1);
    await expect(results(page).locator("mark")).toHaveText([word, "or"]);

    await searchField(page).fill("nothing-like-this-anywhere");
    await searchField(page).press("Enter");
    await expect(page.getByText("Nothing in your chats matches “nothing-like-this-anywhere”.")).toBeVisible();
  });

  test("says what is wrong with a blank or too long search", async ({ page, user }) => {
    await page.goto("/chat/search");
    await expect(sidebar(page)).toContainText(user.name);
    await searchField(page).fill("   ");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("main").getByText("Type something to search for.")).toBeVisible();

    const response = await page.goto(`/chat/search?q=${"a".repeat(201)}`);
    expect(response?.status()).toBe(400);
    await expect(
      page.getByRole("main").getByText("Search is too long (200 characters at most)."),
    ).toBeVisible();
  });
});

// Keyboard shortcuts need JavaScript: this test runs in the `js` project only (no @nojs tag).
test("Ctrl+K opens the search from a chat, and on the search page puts the cursor in its field", async ({
  page,
  user,
}) => {
  await page.goto("/chat");
  await expect(sidebar(page)).toContainText(user.name);
  await page.getByRole("textbox", { name: "Message" }).click();
  await page.keyboard.press("Control+K");
  await expect(page).toHaveURL("/chat/search");
  await expect(searchField(page)).toBeFocused();
  await page.getByRole("main").getByRole("heading", { name: "Search your chats" }).click();
  await page.keyboard.press("Meta+K");
  await expect(searchField(page)).toBeFocused();
});
