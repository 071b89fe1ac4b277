/**
 * How messages look: assistant replies as Markdown (tables, highlighted code, copy buttons), harmless whatever
 * the model writes, user messages as typed, read-aloud for Pro users, and the scroll-to-bottom button.
 */
import Database from "better-sqlite3";
import { v7 as uuidv7 } from "uuid";
import type { Page } from "@playwright/test";
import { bubbles, contentOf, lastReply, messageList, sendMessage, storedReply } from "./support/chat";
import type { RunState } from "./support/env";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";
import { mockDirective } from "./support/mock";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

const MARKDOWN_REPLY = [
  "Here is a **comparison**:",
  "",
  "| Model | Size |",
  "|---|---:|",
  "| Llama | 8B |",
  "| Qwen | 72B |",
  "",
  "```ts",
  "const answer: number = 42;",
  "```",
].join("\n");

const MATH_REPLY = [
  "The energy of a mass at rest:",
  "",
  "\\[ E = mc^2 \\]",
  "",
  "where \\(c\\) is the speed of light. It costs $5, or $10 with tax.",
].join("\n");

const HOSTILE_REPLY = [
  "Hello <img src=x onerror=alert('img')> there.",
  "",
  "<script>alert('script')</script>",
  "",
  "[click me](javascript:alert('link')) and [data](data:text/html,<script>alert('data')</script>)",
  "",
  "[safe docs](https://example.com/docs)",
].join("\n");

/** Runs SQL on the run's database (the few set-ups a user cannot do through the app). */
function writeDb(run: RunState, action: (db: Database.Database) => void) {
  const writer = new Database(run.dbFile, { fileMustExist: true, timeout: 5_000 });
  try {
    action(writer);
  } finally {
    writer.close();
  }
}

/** A chat of `pairs` questions and answers of `paragraphs` paragraphs, stored as if the user had had it. */
function insertLongChat(run: RunState, userId: string, pairs: number, paragraphs = 12): string {
  const chatId = uuidv7();
  writeDb(run, (db) => {
    const now = Date.now();
    db.prepare(
      "insert into chat_history (id, user_id, title, model_id, archived_at, created_at, updated_at) values (?, ?, ?, ?, null, ?, ?)",
    ).run(
      chatId,
      userId,
      "A long chat",
      "dolphin-mixtral-8x22b",
      new Date(now).toISOString(),
      new Date(now).toISOString(),
    );
    const insert = db.prepare(
      "insert into chat_messages (id, chat_id, user_id, role, content, model_id, vendor, completion_id, status, created_at) values (?, ?, ?, ?, ?, ?, ?, null, 'complete', ?)",
    );
    for (let i = 0; i < pairs; i++) {
      const at = new Date(now - (pairs - i) * 60_000).toISOString();
      insert.run(uuidv7(), chatId, userId, "user", `Question ${i + 1}`, null, null, at);
      const answer = Array.from(
        { length: paragraphs },
        (_, line) => `Answer ${i + 1}, paragraph ${line + 1}.`,
      ).join("\n\n");
      insert.run(uuidv7(), chatId, userId, "assistant", answer, "dolphin-mixtral-8x22b", "together", at);
    }
  });
  return chatId;
}

async function askFor(page: Page, reply: string) {
  await page.goto("/chat");
  return sendMessage(page, `Reply please ${mockDirective({ reply })}`);
}

test.describe("assistant replies", { tag: ALSO_WITHOUT_JS }, () => {
  test("a Markdown table and code block show as a table and highlighted code", async ({
    page,
    user: _user,
  }) => {
    await askFor(page, MARKDOWN_REPLY);
    const reply = lastReply(page);
    const table = reply.getByRole("table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Model", "Size"]);
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("cell", { name: "72B" })).toBeVisible();
    await expect(reply.locator("strong")).toHaveText("comparison");

    const code = reply.locator("pre code");
    await expect(code).toHaveText("const answer: number = 42;\n");
    await expect(code.locator(".hljs-keyword").first()).toHaveText("const");
    await expect(code.locator(".hljs-number")).toHaveText("42");
    // The raw Markdown syntax is not shown.
    await expect(reply).not.toContainText("|---|");
    await expect(reply).not.toContainText("```");

    // Copy buttons need JavaScript: shown with it, absent from view without it.
    const copyCode = reply.getByRole("button", { name: "Copy code" });
    const copyReply = bubbles(page, "assistant").last().getByRole("button", { name: "Copy reply" });
    if (withJs()) {
      await expect(copyCode).toBeVisible();
      await expect(copyReply).toBeVisible();
    } else {
      await expect(copyCode).toBeHidden();
      await expect(copyReply).toBeHidden();
    }
  });

  test("math in a reply is drawn as formulas; single dollars stay money", async ({ page, user: _user }) => {
    await askFor(page, MATH_REPLY);
    const reply = lastReply(page);
    const display = reply.locator(".katex-display");
    await expect(display).toBeVisible();
    // Drawn by KaTeX, with MathML beside it for screen readers.
    await expect(display.locator("math msup")).toHaveText("c2");
    await expect(reply.locator(".katex")).toHaveCount(2);
    await expect(reply).toContainText("It costs $5, or $10 with tax.");
    await expect(reply).not.toContainText("\\[");
    await expect(reply).not.toContainText("\\(");
    // The formula stands on its own line, as wide as the reply, its height that of one line of math.
    const [box, paragraph] = await Promise.all([
      display.boundingBox(),
      reply.locator("p").first().boundingBox(),
    ]);
    expect(box!.y).toBeGreaterThan(paragraph!.y + paragraph!.height);
    expect(box!.height).toBeLessThan(60);
    // KaTeX's stylesheet is there: the MathML for screen readers is not painted a second time.
    expect((await display.locator(".katex-mathml").boundingBox())!.width).toBeLessThanOrEqual(1);
  });

  test("HTML, scripts and javascript: links in a reply are shown as text and do nothing", async ({
    page,
    user: _user,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await askFor(page, HOSTILE_REPLY);
    const reply = lastReply(page);
    await expect(reply).toContainText("Hello <img src=x onerror=alert('img')> there.");
    await expect(reply).toContainText("<script>alert('script')</script>");
    await expect(reply.locator("img")).toHaveCount(0);
    await expect(reply.locator("script")).toHaveCount(0);
    await expect(page.locator("img[src='x']")).toHaveCount(0);

    await expect(reply.getByText("click me")).toBeVisible();
    await expect(reply.getByRole("link", { name: "click me" })).toHaveCount(0);
    await expect(reply.getByRole("link", { name: "data" })).toHaveCount(0);
    await expect(reply.locator("[href^='javascript:' i], [href^='data:' i]")).toHaveCount(0);
    await reply.getByText("click me").click();

    const safe = reply.getByRole("link", { name: "safe docs" });
    await expect(safe).toHaveAttribute("href", "https://example.com/docs");
    await expect(safe).toHaveAttribute("target", "_blank");
    await expect(safe).toHaveAttribute("rel", "noopener noreferrer nofollow");

    await page.reload();
    await expect(reply).toContainText("Hello <img");
    expect(dialogs, "no alert fired").toEqual([]);
  });

  test("a user's message shows exactly as typed, Markdown and HTML included", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    const typed = "Keep **this** as\n  typed <b>please</b>";
    await sendMessage(page, typed);
    const mine = contentOf(bubbles(page, "user").first());
    await expect.poll(() => mine.textContent()).toBe(typed);
    await expect(mine.locator("strong, b")).toHaveCount(0);
  });

  test("read-aloud is a Pro feature: others get a link to the pricing page", async ({
    page,
    user: _user,
  }) => {
    await askFor(page, "Short answer.");
    const speaker = bubbles(page, "assistant")
      .last()
      .getByRole("link", { name: "Voice playback is a Pro feature — upgrade to use it" });
    await expect(speaker).toHaveAttribute("href", "/pricing");
    if (withJs()) {
      await speaker.hover();
      await expect(page.getByRole("tooltip")).toHaveText(
        "Voice playback is a Pro feature — upgrade to use it",
      );
    }
    await speaker.click();
    await expect(page).toHaveURL("/pricing");
  });

  for (const width of [375, 1280]) {
    test(`a long chat opens at its latest reply, a short one at its top (${width} px)`, async ({
      page,
      user,
      run,
    }) => {
      await page.setViewportSize({ width, height: 700 });
      const longChat = insertLongChat(run, user.id, 4);
      await page.goto(`/chat/${longChat}`);
      await expect(bubbles(page, "assistant").last().getByText("Answer 4, paragraph 12.")).toBeInViewport();
      await expect(bubbles(page, "user").first()).not.toBeInViewport();

      const shortChat = insertLongChat(run, user.id, 1, 1);
      await page.goto(`/chat/${shortChat}`);
      await expect(bubbles(page, "assistant").last()).toContainText("Answer 1, paragraph 1.");
      // The thread's scrolling box: its padding above the first question, not the free space of a short chat.
      const box = await page.getByRole("list", { name: "Messages" }).locator("..").boundingBox();
      const question = await bubbles(page, "user").first().boundingBox();
      expect(question!.y - box!.y).toBeLessThan(60);
    });
  }

  test("a long chat shows its newest 50 messages, and earlier ones from a link that keeps the reader's place", async ({
    page,
    user,
    run,
  }) => {
    const chatId = insertLongChat(run, user.id, 40, 1);
    await page.goto(`/chat/${chatId}`);
    await expect(bubbles(page, "assistant").last()).toContainText("Answer 40, paragraph 1.");
    await expect(bubbles(page, "user")).toHaveCount(25);
    await expect(bubbles(page, "user").first()).toContainText("Question 16");
    // Hydration scrolls the thread to its end once more: a click before it would land wherever the link moved from.
    if (withJs())
      await expect(
        bubbles(page, "assistant").last().getByRole("button", { name: "Copy reply" }),
      ).toBeVisible();
    await page.getByRole("link", { name: "Show earlier messages" }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${chatId}\\?shown=100#message-`));
    await expect(bubbles(page, "user")).toHaveCount(40);
    await expect(page.getByRole("link", { name: "Show earlier messages" })).toHaveCount(0);
    // It opens at the message that was the oldest shown, not at the chat's end.
    await expect(bubbles(page, "user").nth(15)).toBeInViewport();
    await expect(bubbles(page, "assistant").last()).not.toBeInViewport();
  });

  test("a reloaded chat whose last reply failed shows the failure and its Retry whole above the composer (375 px)", async ({
    page,
    user,
    run,
  }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`/chat/${insertLongChat(run, user.id, 3, 8)}`);
    await sendMessage(page, `Fail please ${mockDirective({ fault: "500" })}`);
    const failure = messageList(page).getByRole("alert").filter({ hasText: "API error (500)" });
    await expect(failure).toBeVisible();
    await page.reload();
    await expect(failure.getByRole("button", { name: "Retry" })).toBeVisible();
    // With JavaScript, measured once the controls only a script shows have taken their room (the copy buttons),
    // and polled: the thread is scrolled to its end after they show.
    if (withJs())
      await expect(bubbles(page, "user").last().getByRole("button", { name: "Copy message" })).toBeVisible();
    await expect
      .poll(async () => {
        const [card, composerArea] = await Promise.all([
          failure.boundingBox(),
          page.getByTestId("composer-area").boundingBox(),
        ]);
        return card!.y + card!.height - composerArea!.y;
      }, "the failure's bottom edge, below the composer's top edge by (px)")
      .toBeLessThanOrEqual(0);
  });
});

test.describe("assistant replies with JavaScript", () => {
  test("the math renderer loads only for a reply with math, and a reloaded chat keeps its formulas", async ({
    page,
    user: _user,
  }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const mathCode: string[] = [];
    page.on("request", (request) => {
      if (/math-markdown[^/]*\.js$/.test(request.url())) mathCode.push(request.url());
    });

    await askFor(page, MARKDOWN_REPLY);
    await storedReply(page);
    expect(mathCode, "math code loaded for a reply without math").toEqual([]);

    await askFor(page, MATH_REPLY);
    const reply = lastReply(page);
    await expect(reply.locator(".katex-display")).toBeVisible();
    expect(mathCode).toHaveLength(1);

    await page.reload();
    await expect(reply.locator(".katex-display math msup")).toHaveText("c2");
    // Hydrated: the copy buttons only a script shows are there, and React found the server's markup its own.
    await expect(bubbles(page, "assistant").last().getByRole("button", { name: "Copy reply" })).toBeVisible();
    await expect(reply.locator(".katex")).toHaveCount(2);
    expect(problems).toEqual([]);
  });

  test("the copy buttons copy the code and the whole reply", async ({ page, context, user: _user }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await askFor(page, MARKDOWN_REPLY);
    const reply = await storedReply(page);
    await expect(reply.getByRole("table")).toBeVisible();

    await reply.getByRole("button", { name: "Copy code" }).click();
    await expect(reply.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("const answer: number = 42;");

    await reply.getByRole("button", { name: "Copy reply" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN_REPLY);
  });

  test("a Pro user's speaker reads the reply aloud with the browser's speech synthesis", async ({
    page,
    user,
    run,
  }) => {
    writeDb(run, (db) => db.prepare("update users set plan = 'professional' where id = ?").run(user.id));
    // Headless Chromium has no voices: record what would be spoken.
    await page.addInitScript(() => {
      const spoken: string[] = [];
      Object.assign(window, { __spoken: spoken });
      window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
        spoken.push(utterance.text);
      };
    });
    await askFor(page, "Here is a **bold** answer.");
    const reply = await storedReply(page);
    await expect(reply.getByText("Here is a bold answer.")).toBeVisible();
    await expect(reply.getByRole("link", { name: /Pro feature/ })).toHaveCount(0);

    await reply.getByRole("button", { name: "Read aloud" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken))
      .toEqual(["Here is a bold answer."]);
    await expect(reply.getByRole("button", { name: "Stop reading" })).toBeVisible();
    await reply.getByRole("button", { name: "Stop reading" }).click();
    await expect(reply.getByRole("button", { name: "Read aloud" })).toBeVisible();
  });

  test("a reply streaming in shows as Markdown as it grows, an open code fence included", async ({
    page,
    user: _user,
    mock,
  }) => {
    const code = Array.from({ length: 8 }, (_, i) => `x${i} = ${i}`).join("\n");
    const reply = `Intro line.\n\n\`\`\`python\n${code}\n\`\`\`\n\nAfter the code.`;
    const held = mock.heldReply({ reply, tokenMs: 120 });
    await page.goto("/chat");
    // Held before the first token until the chat's own page shows, so the test sees it grow however slow that is.
    await sendMessage(page, `Stream it ${held.directive}`);
    await held.release();
    const last = lastReply(page);
    // Mid-stream, the fence is still open: the code shows as a code block before the text after it arrives.
    await expect
      .poll(
        async () =>
          (await last.locator("pre code.language-python").count()) === 1 &&
          !((await last.textContent()) ?? "").includes("After the code."),
        { intervals: [30] },
      )
      .toBe(true);
    await expect(last.getByText("After the code.")).toBeVisible();
    await expect(last.locator("pre")).toHaveCount(1);
  });

  test("the scroll-to-bottom button shows when the end is out of view, and takes you there", async ({
    page,
    user,
    run,
  }) => {
    const chatId = insertLongChat(run, user.id, 4);
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.goto(`/chat/${chatId}`);
    const button = page.getByRole("button", { name: "Scroll to bottom" });
    // The chat opens at its end: nothing to scroll to.
    await expect(button).toHaveCount(0);

    await bubbles(page, "user").first().scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    await button.click();
    await expect(bubbles(page, "assistant").last().getByText("Answer 4, paragraph 12.")).toBeInViewport();
    await expect(button).toHaveCount(0);
  });
});
