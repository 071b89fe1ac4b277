/** The chat screen, as a user works it. */
import type { Locator, Page, Request, Route } from "@playwright/test";
import { expect } from "@playwright/test";
import type { CompletionRow, TestDb } from "./db";

export const CHAT_PATH = /\/chat\/([0-9a-f-]{36})$/;
export const DEFAULT_MODEL_FOOTER = "Powered by Together AI. Current model: Dolphin Mixtral 8x22B";

export const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
export const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
export const composerForm = (page: Page) => page.locator("form").filter({ has: composer(page) });
export const sidebar = (page: Page) => page.getByRole("complementary", { name: "Chat history" });
export const messageList = (page: Page) => page.getByRole("list", { name: "Messages" });
export const bubbles = (page: Page, role: "user" | "assistant") => page.locator(`li[data-role="${role}"]`);
export const contentOf = (bubble: Locator) => bubble.getByTestId("message-content");
export const lastReply = (page: Page) => contentOf(bubbles(page, "assistant").last());
/** The text of the reply while it streams in (the bubble is marked data-streaming until the last token). */
export const liveReply = (page: Page) => contentOf(page.locator('li[data-role="assistant"][data-streaming]'));

/** Opens the header's model picker (a listbox with JavaScript) and waits for its options. */
export async function openModelPicker(page: Page) {
  await page.getByRole("combobox", { name: "Model" }).click();
  await expect(page.getByRole("listbox")).toBeVisible();
}

/** One model in the open picker, by its full name. */
export const modelOption = (page: Page, name: string) =>
  page.getByRole("listbox").getByRole("option").filter({ hasText: name }).first();

export function chatIdOf(page: Page): string {
  const id = CHAT_PATH.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`not on a chat page: ${page.url()}`);
  return id;
}

/**
 * Types `text` and sends it (with the Send button, or Enter); resolves with the chat's id once the server has
 * stored the message and the chat's own page shows it. Waiting for the URL alone is not enough: on an open chat
 * the URL is already a chat's, and a next send typed before this one lands would race it; from a new chat,
 * with JavaScript, the URL changes before the chat's page has rendered (React renders it as a transition).
 */
export async function sendMessage(page: Page, text: string, via: "button" | "enter" = "button") {
  const sentBefore = await bubbles(page, "user").count();
  await composer(page).fill(text);
  if (via === "enter") await composer(page).press("Enter");
  else await sendButton(page).click();
  await expect(page).toHaveURL(CHAT_PATH);
  const chatId = chatIdOf(page);
  await expect(bubbles(page, "user")).toHaveCount(sentBefore + 1);
  // The chat's title bar, which the new-chat page does not have.
  await expect(page.locator(`a[href="/chat/${chatId}/share"]`)).toBeAttached();
  return chatId;
}

/**
 * The last reply once the page shows it as stored (with its model line), no longer the live one that streamed:
 * the stored message replaces the live bubble, and whatever a test did to the live one would be lost.
 */
export async function storedReply(page: Page): Promise<Locator> {
  const reply = bubbles(page, "assistant").last();
  await expect(reply.getByTestId("message-meta")).toBeVisible();
  return reply;
}

/** What the form will post: its action and hidden fields, read before sending. */
export async function composerFields(page: Page) {
  const form = composerForm(page);
  return {
    action: (await form.getAttribute("action")) ?? new URL(page.url()).pathname,
    requestId: await form.locator('input[name="requestId"]').inputValue(),
    model: await form.locator('input[name="model"]').inputValue(),
  };
}

/** Exactly `expected`: toHaveText would forgive whitespace differences, a reply must not have any. */
export async function expectExactText(locator: Locator, expected: string) {
  await expect.poll(() => locator.textContent()).toBe(expected);
}

/** Waits for the chat's latest completion to finish with `status`, and returns it. */
export async function finishedCompletion(
  db: TestDb,
  chatId: string,
  status: CompletionRow["status"] = "done",
): Promise<CompletionRow> {
  await expect.poll(() => db.completionsOfChat(chatId).at(-1)?.status).toBe(status);
  return db.completionsOfChat(chatId).at(-1)!;
}

/** The chat page's self-reload while a reply is pending, present only without JavaScript. */
export const refreshTag = (page: Page) => page.locator('meta[http-equiv="refresh"]');

/**
 * Without JavaScript a chat page whose reply is pending reloads itself every 2 s (a refresh tag); the first
 * reload after the reply is stored drops the tag. Navigating before then races that reload, and the loser is
 * aborted (net::ERR_ABORTED). With JavaScript the tag is inert text inside <noscript>: this returns at once.
 */
export async function pageStoppedRefreshing(page: Page) {
  await expect(refreshTag(page)).toHaveCount(0);
}

/** A new chat with `text` asked and its reply finished with `status`; returns the chat's id. */
export async function askInNewChat(
  page: Page,
  db: TestDb,
  text: string,
  status: CompletionRow["status"] = "done",
): Promise<string> {
  await page.goto("/chat");
  const chatId = await sendMessage(page, text);
  await finishedCompletion(db, chatId, status);
  await pageStoppedRefreshing(page);
  return chatId;
}

/** askInNewChat as a Professional user. */
export async function askAsProfessional(
  page: Page,
  db: TestDb,
  userId: string,
  text: string,
  status: CompletionRow["status"] = "done",
): Promise<string> {
  db.setPlan(userId, "professional");
  return askInNewChat(page, db, text, status);
}

/**
 * The page's requests that `matches` picks, each held until the returned function is called. With `whole`, each
 * is then answered to the page at once, its answer read to the end first.
 */
export async function holdRequests(
  page: Page,
  matches: (request: Request) => boolean,
  { whole = false } = {},
) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route("**/*", async (route) => {
    if (!matches(route.request())) return route.fallback();
    held.push(route);
    await released;
    if (whole) await route.fulfill({ response: await route.fetch() });
    else await route.continue();
  });
  return { release, held };
}

/** The page's loader reloads (Remix's single-fetch `.data` GETs), held until the returned function is called. */
export const holdDataReloads = (page: Page) =>
  holdRequests(
    page,
    (request) => request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data"),
  );
