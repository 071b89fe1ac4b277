import { randomBytes } from "node:crypto";
import {
  bubbles,
  composer,
  composerFields,
  contentOf,
  DEFAULT_MODEL_FOOTER,
  expectExactText,
  finishedCompletion,
  lastReply,
  liveReply,
  messageList,
  sendMessage,
  sidebar,
} from "./support/chat";
import { expect, test } from "./support/fixtures";
import { postForm } from "./support/forms";
import { gateName, mockDirective, wordsReply } from "./support/mock";

test.describe("chat", () => {
  test("a new chat shows 'What can I help with?' and the current model", async ({ page, user: _user }) => {
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
    await expect(page.getByText("Ask anything without limitations...")).toBeVisible();
    await expect(page.getByText(DEFAULT_MODEL_FOOTER)).toBeVisible();
    await expect(sidebar(page).getByText("No chat history")).toBeVisible();
  });

  test("Shift+Enter starts a new line and Enter sends the message", async ({ page, user: _user, db }) => {
    await page.goto("/chat");
    const box = composer(page);
    await box.fill("first line");
    await box.press("Shift+Enter");
    await box.pressSequentially("second line");
    await expect(box).toHaveValue("first line\nsecond line");
    await expect(page).toHaveURL("/chat");

    await box.press("Enter");
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatId = new URL(page.url()).pathname.split("/").pop()!;
    await expectExactText(contentOf(bubbles(page, "user").first()), "first line\nsecond line");
    await expect(lastReply(page)).not.toBeEmpty();
    expect(db.messagesOfChat(chatId)[0]?.content).toBe("first line\nsecond line");
  });

  test("'Thinking...' shows until the first token arrives", async ({ page, user: _user, mock }) => {
    // The reply holds before its first token until the test has looked, however slow the page is to get there.
    const held = mock.heldReply({ reply: "Here I am." });
    await page.goto("/chat");
    await sendMessage(page, `Take your time ${held.directive}`, "enter");
    const reply = contentOf(bubbles(page, "assistant").last());
    const copy = bubbles(page, "assistant").last().getByRole("button", { name: "Copy reply" });
    await expect(reply).toHaveText("Thinking...");
    // Nothing to copy yet.
    await expect(copy).toHaveCount(0);
    await held.release();
    await expectExactText(reply, "Here I am.");
    await expect(page.getByText("Thinking...")).toHaveCount(0);
    await expect(copy).toBeVisible();
  });

  test("the reply streams in token by token", async ({ page, user: _user, mock }) => {
    // A 9 s reply sampled as it grows: on a loaded machine it outlasts the default.
    test.slow();
    const reply = wordsReply(60);
    // Slow enough that a loaded machine's samples still catch several partial texts before the last token.
    const held = mock.heldReply({ tokenMs: 150, reply });
    await page.goto("/chat");
    // The reply holds before its first token until the chat's own page shows (`sendMessage` waits for it),
    // however busy the machine.
    await sendMessage(page, `Count slowly ${held.directive}`);
    await expect(lastReply(page)).toHaveText("Thinking...");
    await held.release();

    // Sample the reply as it grows: several different partial texts must show before the whole.
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const [text = ""] = await liveReply(page).allTextContents();
          if (text && text !== seen.at(-1)) seen.push(text);
          return seen.filter((partial) => partial !== reply).length;
        },
        { intervals: [40], timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(3);
    await expectExactText(lastReply(page), reply);
    for (const [i, partial] of seen.entries()) {
      expect(reply.startsWith(partial), `partial ${i} is a prefix of the reply`).toBe(true);
      if (i > 0) expect(partial.length).toBeGreaterThan(seen[i - 1]!.length);
    }
  });

  test("a multi-byte reply split across network reads arrives byte-exact", async ({
    page,
    user: _user,
    db,
  }) => {
    const reply = "Grüße 世界 🙂👩‍💻 naïve façade — done";
    await page.goto("/chat");
    const chatId = await sendMessage(
      page,
      `Say it exactly ${mockDirective({ reply, tokenMs: 10, splitBytes: true, crlf: true, comments: true })}`,
    );
    await expectExactText(lastReply(page), reply);
    await expect(page.getByText(DEFAULT_MODEL_FOOTER)).toBeVisible();
    await finishedCompletion(db, chatId);
    expect(
      db
        .messagesOfChat(chatId)
        .filter((m) => m.role === "assistant")
        .map((m) => m.content),
    ).toEqual([reply]);
  });

  test("a new chat appears in the sidebar titled with its first 30 characters and '...'", async ({
    page,
    user: _user,
    db,
  }) => {
    const message = `Explain relativity ${randomBytes(4).toString("hex")} like I am five years old`;
    const title = `${message.slice(0, 30)}...`;
    await page.goto("/chat");
    const chatId = await sendMessage(page, message);
    const link = sidebar(page).getByRole("link", { name: title, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", `/chat/${chatId}`);
    expect(db.get<{ title: string }>("select title from chat_history where id = ?", chatId)?.title).toBe(
      title,
    );
  });

  test("a reload mid-reply picks the reply up and shows it once, complete", async ({
    page,
    user: _user,
    db,
    mock,
  }) => {
    // Two whole page loads, a reload's hydration and a reply streamed to its end: on a loaded machine each
    // takes seconds.
    test.slow();
    const reply = wordsReply(80, "tok");
    const gate = gateName("reload");
    await page.goto("/chat");
    // The reply holds after 3 tokens until the gate opens, so the reload surely lands mid-reply.
    const chatId = await sendMessage(
      page,
      `Tell me a long story ${mockDirective({ tokenMs: 20, reply, gate, gateAfterTokens: 3 })}`,
    );
    await expect(liveReply(page)).toContainText("tok3");

    await page.reload();
    // Still streaming after the reload: the page follows the live reply, not a stored copy.
    await expect(liveReply(page)).toContainText("tok3");
    await mock.openGate(gate);
    await expectExactText(lastReply(page), reply);
    await expect(bubbles(page, "assistant")).toHaveCount(1);
    await expect(liveReply(page)).toHaveCount(0);

    const completion = await finishedCompletion(db, chatId);
    expect(db.count("select count(*) from chat_messages where completion_id = ?", completion.id)).toBe(1);
  });

  test("posting the same chat form twice stores one message and one reply", async ({
    page,
    user,
    db,
    mock,
  }) => {
    await page.goto("/chat");
    const form = await composerFields(page);
    const marker = randomBytes(6).toString("hex");
    const content = `Say this once ${marker} ${mockDirective({ reply: "Once.", tokenMs: 50 })}`;
    const chatId = await sendMessage(page, content);

    // The browser's retry, a double click or a replayed request: the same form, the same requestId.
    const replay = await postForm(page.request, form.action, {
      content,
      requestId: form.requestId,
      model: form.model,
    });
    expect(replay.status()).toBe(302);
    expect(replay.headers().location).toBe(`/chat/${chatId}`);

    await expectExactText(lastReply(page), "Once.");
    await finishedCompletion(db, chatId);
    const messages = db.messagesOfChat(chatId);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(db.completionsOfChat(chatId).map((c) => c.id)).toEqual([form.requestId]);
    expect(db.storedBy(user.id)).toEqual({ chats: 1, messages: 2, completions: 1 });
    expect(await mock.requestsMentioning(marker)).toHaveLength(1);
  });

  test("when Together fails the reply comes from Novita", async ({ page, user: _user, db, mock }) => {
    const reply = "Answered by the fallback.";
    const marker = randomBytes(6).toString("hex");
    await page.goto("/chat");
    const chatId = await sendMessage(
      page,
      `Fall back please ${marker} ${mockDirective({ reply, vendors: { together: { fault: "500" } } })}`,
    );
    await expectExactText(lastReply(page), reply);
    await expect(bubbles(page, "assistant").last()).toContainText("via Novita AI");

    const completion = await finishedCompletion(db, chatId);
    expect(completion.vendor).toBe("novita");
    const attempts = db.all<{ vendor: string; outcome: string; http_status: number | null }>(
      "select vendor, outcome, http_status from completion_attempts where completion_id = ? order by id",
      completion.id,
    );
    expect(attempts).toEqual([
      { vendor: "together", outcome: "http", http_status: 500 },
      { vendor: "novita", outcome: "ok", http_status: null },
    ]);
    const asked = (await mock.requestsMentioning(marker)).map((request) => request.vendor);
    expect(asked).toEqual(["together", "novita"]);
  });

  test("when every vendor fails the user reads the catalogue's error", async ({ page, user: _user, db }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, `Nobody answers ${mockDirective({ fault: "500" })}`);
    await expect(messageList(page).getByRole("alert")).toHaveText(/^API error \(500\)/);
    const completion = await finishedCompletion(db, chatId, "error");
    expect(completion).toMatchObject({ error_code: "http", error_status: 500 });
  });
});
