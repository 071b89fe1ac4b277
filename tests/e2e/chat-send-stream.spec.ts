import type { Request } from "@playwright/test";
import {
  askInNewChat,
  bubbles,
  CHAT_PATH,
  composer,
  composerFields,
  composerForm,
  contentOf,
  expectExactText,
  finishedCompletion,
  holdDataReloads,
  holdRequests,
  lastReply,
  sendMessage,
  sidebar,
  storedReply,
} from "./support/chat";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { gateName, mockDirective, wordsReply } from "./support/mock";

/**
 * The requests that carried the reply: the send itself, answered with the reply's stream, and any GET of the
 * reply's stream (there should be none: the reloaded page goes on with the stream the send opened).
 */
const replyRequests = (requests: Request[], completionId: string) => ({
  sends: requests.filter(
    (request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/api/chat-send"),
  ),
  streamGets: requests.filter((request) => request.url().includes(`/api/completions/${completionId}/stream`)),
});

test.describe("sending with JavaScript: the send is answered with the reply's stream, before the chat's data reloads", () => {
  test("in an open chat the question and the first tokens show while the reload is held back", async ({
    page,
    user: _user,
    db,
    mock,
  }) => {
    await page.goto("/chat");
    await sendMessage(page, `Warm up ${mockDirective({ reply: "Ready." })}`);
    await storedReply(page);

    const reply = wordsReply(8, "live");
    const { requestId } = await composerFields(page);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const reloads = await holdDataReloads(page);
    // The reply holds after its first token until the test has seen the page while it is written.
    const gate = gateName("open-chat-send");
    await composer(page).fill(`Stream now ${mockDirective({ reply, tokenMs: 150, gate })}`);
    await composer(page).press("Enter");

    // The reload after the send is held: what shows comes from the send and its stream alone.
    await expect(bubbles(page, "user").last()).toContainText("Stream now");
    await expect(lastReply(page)).toContainText("live1");
    // As while any reply is written: the box is cleared and waits, and the older reply has no Regenerate.
    await expect(composer(page)).toHaveValue("");
    await expect(composer(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
    // The page goes on to the chat once the reply shows its first text: its reload is under way, held here.
    await expect.poll(() => reloads.held.length).toBeGreaterThan(0);
    reloads.release();
    await mock.openGate(gate);

    await expectExactText(lastReply(page), reply);
    await storedReply(page);
    await expect(bubbles(page, "user")).toHaveCount(2);
    await expect(bubbles(page, "assistant")).toHaveCount(2);
    // One request for the reply: the send's answer is its stream, and the reloaded page goes on with it.
    expect(replyRequests(requests, requestId)).toMatchObject({ sends: [expect.anything()], streamGets: [] });
    const completion = await finishedCompletion(db, new URL(page.url()).pathname.split("/").pop()!);
    expect(completion.id).toBe(requestId);
  });

  test("a new chat's first send shows its reply before the chat's page has loaded", async ({
    page,
    user: _user,
    db,
    mock,
  }) => {
    const reply = wordsReply(6, "first");
    await page.goto("/chat");
    const { requestId } = await composerFields(page);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const reloads = await holdDataReloads(page);
    const gate = gateName("new-chat-send");
    await composer(page).fill(
      `[SYSTEM: Be brief.]\n\nHello there ${mockDirective({ reply, tokenMs: 150, gate })}`,
    );
    await composer(page).press("Enter");

    await expect(contentOf(bubbles(page, "user").last())).toHaveText(/^Hello there/);
    await expect(lastReply(page)).toContainText("first1");
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toHaveCount(0);
    // Still the new chat's page: the chat's own page loads only once its data is let through.
    expect(new URL(page.url()).pathname).toBe("/chat");
    reloads.release();
    await mock.openGate(gate);

    await expect(page).toHaveURL(CHAT_PATH);
    await expectExactText(lastReply(page), reply);
    await storedReply(page);
    await expect(bubbles(page, "assistant")).toHaveCount(1);
    expect(replyRequests(requests, requestId)).toMatchObject({ sends: [expect.anything()], streamGets: [] });
    const chatId = new URL(page.url()).pathname.split("/").pop()!;
    expect((await finishedCompletion(db, chatId)).id).toBe(requestId);
  });

  test("a new chat's question shows as soon as it is sent, before the send is answered", async ({
    page,
    user: _user,
    db,
  }) => {
    // An axe scan of the whole chat page, then a whole send: on a loaded machine it outlasts the default.
    test.slow();
    await page.goto("/chat");
    const sends = await holdRequests(page, (request) =>
      new URL(request.url()).pathname.startsWith("/api/chat-send"),
    );
    await composer(page).fill(`Quick question ${mockDirective({ reply: "Quick answer." })}`);
    await composer(page).press("Enter");

    // The send is held on its way: the page already shows the question and the wait for its reply.
    await expect.poll(() => sends.held.length).toBe(1);
    await expect(contentOf(bubbles(page, "user").last())).toHaveText(/^Quick question/);
    await expect(lastReply(page)).toHaveText("Thinking...");
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toHaveCount(0);
    await expectNoSeriousViolations(page, "a new chat's send on its way");
    sends.release();

    await expect(page).toHaveURL(CHAT_PATH);
    await expectExactText(lastReply(page), "Quick answer.");
    await storedReply(page);
    await expect(bubbles(page, "user")).toHaveCount(1);
    await expect(composer(page)).toHaveValue("");
    await finishedCompletion(db, new URL(page.url()).pathname.split("/").pop()!);
  });

  test("a user who leaves for another chat before the first token stays there, and the reply is still stored and listed", async ({
    page,
    user,
    db,
  }) => {
    const earlier = await askInNewChat(page, db, `Earlier ${mockDirective({ reply: "Earlier answer." })}`);
    await page.goto("/chat");
    const { requestId } = await composerFields(page);
    // The send's answer is held, then handed to the page whole: the reply is over when the page gets it.
    const sends = await holdRequests(
      page,
      (request) => new URL(request.url()).pathname.startsWith("/api/chat-send"),
      { whole: true },
    );
    await composer(page).fill(`Left behind ${mockDirective({ reply: "Answered anyway." })}`);
    await composer(page).press("Enter");
    // The question left the box at once, which offers Stop meanwhile.
    await expect(composer(page)).toHaveValue("");
    await expect(composerForm(page).getByRole("button", { name: "Stop", exact: true })).toBeVisible();

    await sidebar(page)
      .getByRole("link", { name: /^Earlier/ })
      .click();
    await expect(page).toHaveURL(`/chat/${earlier}`);
    await expect(lastReply(page)).toHaveText("Earlier answer.");
    sends.release();

    // The page has read the whole answer (its resource timing entry is made at the body's end) and painted
    // twice since: were the send to take the user back, its navigation would be under way by now.
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((entry) => entry.name.includes("/api/chat-send")),
    );
    await page.evaluate(async () => {
      for (const _ of [1, 2])
        await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
    });
    expect(await page.evaluate(() => window.__remixRouter?.state.navigation.state)).toBe("idle");
    await expect(page).toHaveURL(`/chat/${earlier}`);
    // The page the user is on learns of the chat the send made.
    await expect(sidebar(page).getByRole("link", { name: /^Left behind/ })).toBeVisible();
    await expect.poll(() => db.completion(requestId)?.status).toBe("done");
    await expect(bubbles(page, "user")).toHaveCount(1);
    await expect(composer(page)).toBeEnabled();
    expect(db.storedBy(user.id)).toMatchObject({ chats: 2, completions: 2 });
  });

  test("a new chat's question refused by the server goes, and the message stays in the box", async ({
    page,
    user,
    db,
  }) => {
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
    // Restricted after the page loaded: the page still offers the box, the server refuses the send.
    db.grantRole(user.id, "restricted");
    await composer(page).fill("Will this go through?");
    await composer(page).press("Enter");

    // The send's error under the box, then the page's own notice once its data has reloaded.
    const restricted = page.getByText(
      "Your account is restricted: you can read your chats but not send messages.",
    );
    await expect(restricted).toHaveCount(2);
    await expect(composer(page)).toBeDisabled();
    await expect(bubbles(page, "user")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
    await expect(composer(page)).toHaveValue("Will this go through?");
    expect(new URL(page.url()).pathname).toBe("/chat");
    expect(db.storedBy(user.id).completions).toBe(0);
  });

  test("a refused send opens no stream and shows nothing sent", async ({ page, user: _user }) => {
    await page.goto("/chat");
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await composer(page).fill(" ".repeat(3));
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText("Error: Please enter a message")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
    await expect(bubbles(page, "user")).toHaveCount(0);
    expect(requests.filter((request) => request.url().includes("/api/completions/"))).toHaveLength(0);
  });
});
