import {
  bubbles,
  contentOf,
  expectExactText,
  finishedCompletion,
  lastReply,
  sendMessage,
} from "./support/chat";
import { expect, test } from "./support/fixtures";
import { mockDirective, wordsReply } from "./support/mock";
import { parseEventStream, tokenText } from "../support/sse";

const streamUrl = (completionId: string) => `/api/completions/${completionId}/stream`;

test.describe("reply stream", () => {
  test("another user's chat and reply stream are 404, as they are signed out", async ({
    page,
    user: _owner,
    db,
    newVisitor,
    signUp,
    playwright,
    baseURL,
  }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, `Private thoughts ${mockDirective({ reply: "Kept private." })}`);
    await expectExactText(lastReply(page), "Kept private.");
    const completion = await finishedCompletion(db, chatId);
    expect((await page.request.get(streamUrl(completion.id))).status()).toBe(200);

    const intruder = await newVisitor();
    await signUp(intruder);
    const response = await intruder.goto(`/chat/${chatId}`);
    expect(response?.status()).toBe(404);
    await expect(intruder.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(intruder.getByText("Kept private.")).toHaveCount(0);
    expect((await intruder.request.get(streamUrl(completion.id))).status()).toBe(404);

    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await anonymous.get(streamUrl(completion.id))).status()).toBe(404);
    await anonymous.dispose();
  });

  test("a reconnect with Last-Event-ID gets only the events after it", async ({ page, user: _user, db }) => {
    const reply = wordsReply(6, "part");
    await page.goto("/chat");
    const chatId = await sendMessage(page, `Stream it ${mockDirective({ reply, tokenMs: 50 })}`);
    await expectExactText(contentOf(bubbles(page, "assistant").last()), reply);
    const completion = await finishedCompletion(db, chatId);

    const full = await page.request.get(streamUrl(completion.id));
    expect(full.headers()["content-type"]).toMatch(/^text\/event-stream/);
    const events = parseEventStream(await full.text());
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)?.event).toBe("done");
    expect(tokenText(events)).toBe(reply);

    const resumed = await page.request.get(streamUrl(completion.id), {
      headers: { "Last-Event-ID": events[0]!.id! },
    });
    expect(parseEventStream(await resumed.text())).toEqual(events.slice(1));
  });
});
