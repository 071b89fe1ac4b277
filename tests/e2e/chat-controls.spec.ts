/**
 * The controls around a reply: quick-action chips, stop, regenerate, edit and resend, model switching, the
 * Starter plan's limits and a restricted account. Forms are exercised with JavaScript on and off.
 */
import type { Page } from "@playwright/test";
import { QUICK_ACTIONS } from "~/modules/completions/quick-actions";
import type { TestDb } from "./support/db";
import {
  askAsProfessional,
  askInNewChat,
  bubbles,
  CHAT_PATH,
  chatIdOf,
  composer,
  contentOf,
  finishedCompletion,
  lastReply,
  messageList,
  modelOption,
  openModelPicker,
  sendMessage,
  storedReply,
} from "./support/chat";
import { ALSO_WITHOUT_JS, expect, expectToast, test } from "./support/fixtures";
import { postForm } from "./support/forms";
import { gateName, mockDirective, wordsReply } from "./support/mock";

test.describe("quick actions", () => {
  test(`the Code chip starts a coding chat with its instruction and temperature ${ALSO_WITHOUT_JS}`, async ({
    page,
    user: _user,
    db,
  }) => {
    await page.goto("/chat");
    await page.getByRole("button", { name: "Code", exact: true }).click();
    await expect(page).toHaveURL(CHAT_PATH);
    await expectToast(page, "Starting Code assistant...");
    await expect(contentOf(bubbles(page, "user").first())).toHaveText("Help me write some code.");
    // The role prompt is machinery: folded under the assistant's name, read only when opened.
    const instructions = messageList(page).getByRole("group").filter({ hasText: "Code assistant" });
    await expect(instructions).toBeVisible();
    await expect(instructions.getByText(QUICK_ACTIONS.code.instruction)).toBeHidden();
    const chatId = chatIdOf(page);
    const messages = db.messagesOfChat(chatId);
    expect(messages.map((m) => m.role)).toEqual(expect.arrayContaining(["system", "user"]));
    expect(messages.find((m) => m.role === "system")?.content).toContain("senior software engineer");
    const completion = await finishedCompletion(db, chatId);
    expect(
      db.get<{ temperature: number }>("select temperature from completions where id = ?", completion.id)
        ?.temperature,
    ).toBe(0.2);
    // Opened once the reply is done: until then the page without JavaScript refreshes itself, folding it again.
    await page.reload();
    await instructions.getByText("Code assistant").click();
    await expect(instructions.getByText(QUICK_ACTIONS.code.instruction)).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`its toast leaves Send uncovered (${width} px) ${ALSO_WITHOUT_JS}`, async ({
      page,
      user: _user,
    }) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto("/chat");
      await page.getByRole("button", { name: "Code", exact: true }).click();
      await expect(page).toHaveURL(CHAT_PATH);
      await expect.poll(() => toastAndSend(page)).toBe("apart");
    });

    // A failure's toast runs to two lines or more: at the bottom right of a laptop's screen it reached Send.
    test(`a failed reply's toast leaves Send uncovered (${width} px)`, async ({ page, user: _user }) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto("/chat");
      // The failure may be known before the chat's page shows, and a toast lasts seconds: the keyboard on it
      // holds it, as it holds it for a reader, so the layout is measured on the chat's page however slow it is.
      const held = holdToast(page, "Error");
      await sendMessage(page, `This one fails ${mockDirective({ fault: "500" })}`);
      await held;
      await expect.poll(() => toastAndSend(page)).toBe("apart");
    });
  }

  test("Create image uses the Qwen 2.5 VL model", async ({ page, user, db }) => {
    db.setPlan(user.id, "professional");
    await page.goto("/chat");
    await page.getByRole("button", { name: "Create image", exact: true }).click();
    await expect(page).toHaveURL(CHAT_PATH);
    const chatId = chatIdOf(page);
    await finishedCompletion(db, chatId);
    expect(
      db.get<{ model_id: string }>("select model_id from completions where chat_id = ?", chatId)?.model_id,
    ).toBe("qwen2.5-vl-72b-instruct");
  });
});

test.describe("a reply in progress", () => {
  test("Stop ends the reply, keeping what was written, marked stopped", async ({ page, user: _user, db }) => {
    await page.goto("/chat");
    // Held after its first token (the gate never opens), so Stop surely lands mid-reply.
    const chatId = await sendMessage(
      page,
      `Go on and on ${mockDirective({ tokens: 400, tokenMs: 25, gate: gateName("stop") })}`,
    );
    const live = page.locator("li[data-streaming]");
    await expect(live).toContainText("Mock together reply:");
    await page.getByRole("button", { name: "Stop", exact: true }).click();
    const completion = await finishedCompletion(db, chatId, "stopped");
    const stored = db.messagesOfChat(chatId).find((m) => m.completion_id === completion.id);
    expect(stored?.status).toBe("stopped");
    await expect(lastReply(page)).toHaveText(stored!.content);
    await expect(bubbles(page, "assistant").last()).toContainText("stopped");
  });

  test("a second tab follows the same reply live", async ({
    page,
    user: _user,
    newVisitor: _visitor,
    context,
    mock,
  }) => {
    // Two pages and a 60-token reply: on a loaded machine it outlasts the default.
    test.slow();
    await page.goto("/chat");
    const reply = wordsReply(60);
    const gate = gateName("second-tab");
    // Held after 3 tokens until the second tab is open, so that tab surely joins mid-reply.
    await sendMessage(page, `Twice ${mockDirective({ reply, tokenMs: 20, gate, gateAfterTokens: 3 })}`);
    const second = await context.newPage();
    await second.goto(page.url());
    await expect(second.locator("li[data-streaming]")).toContainText("word3");
    await mock.openGate(gate);
    await expect
      .poll(() => contentOf(bubbles(second, "assistant").last()).textContent(), { timeout: 15_000 })
      .toBe(reply);
    await expect.poll(() => contentOf(bubbles(page, "assistant").last()).textContent()).toBe(reply);
  });
});

test.describe("regenerate and edit", () => {
  test(`Regenerate replaces the last reply with a new one ${ALSO_WITHOUT_JS}`, async ({ page, user, db }) => {
    const chatId = await askAsProfessional(
      page,
      db,
      user.id,
      `First try ${mockDirective({ reply: "Answer one." })}`,
    );
    await expect(lastReply(page)).toHaveText("Answer one.");
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect.poll(() => db.completionsOfChat(chatId).length).toBe(2);
    await finishedCompletion(db, chatId);
    await expect(bubbles(page, "assistant")).toHaveCount(1);
    const replaced = db.count(
      "select count(*) from chat_messages where chat_id = ? and replaced_at is not null",
      chatId,
    );
    expect(replaced).toBe(1);
  });

  test(`Edit and resend replaces the last question and its reply ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
  }) => {
    const chatId = await askAsProfessional(page, db, user.id, "What is 2+2?");
    // Without JavaScript the page shows the stored reply (and its controls) at its next self-refresh.
    await page.getByRole("link", { name: "Edit message" }).click();
    const box = page.getByRole("textbox", { name: "Edit message" });
    await box.fill("What is 3+3?");
    await page.getByRole("button", { name: "Save & resend" }).click();
    await expect.poll(() => db.completionsOfChat(chatId).length).toBe(2);
    await finishedCompletion(db, chatId);
    await expect(bubbles(page, "user")).toHaveCount(1);
    await expect(contentOf(bubbles(page, "user").first())).toHaveText("What is 3+3?");
  });

  test("an empty edit is refused with the catalogue message and changes nothing", async ({
    page,
    user,
    db,
  }) => {
    const chatId = await askAsProfessional(page, db, user.id, "Keep me");
    const response = await postForm(page.request, `/chat/${chatId}`, {
      intent: "edit",
      content: "   ",
      requestId: crypto.randomUUID(),
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Error: Please enter a message");
    expect(db.completionsOfChat(chatId)).toHaveLength(1);
  });
});

test.describe("switching model", () => {
  test("a Starter user sees PRO models but cannot pick them", async ({ page, user: _user }) => {
    await page.goto("/chat");
    await openModelPicker(page);
    await expect(modelOption(page, "DeepSeek V3")).toBeDisabled();
    // One upgrade line over the models the plan does not allow, not one per model.
    const listbox = page.getByRole("listbox");
    const locked = listbox.getByRole("group").filter({ hasText: "Upgrade to Professional to use" });
    await expect(locked.getByRole("option", { name: /DeepSeek V3/ })).toBeDisabled();
    await expect(locked.getByRole("option", { name: /Llama 3\.1 8B Instruct/ })).toHaveCount(0);
    await expect(listbox.getByText("Upgrade to Professional to use")).toHaveCount(1);
    await expect(modelOption(page, "Llama 3.1 8B Instruct")).toBeEnabled();
  });

  test("switching mid-chat says so, and later replies come from the new model", async ({
    page,
    user,
    db,
  }) => {
    const chatId = await askAsProfessional(page, db, user.id, "Hello first model");
    await openModelPicker(page);
    await modelOption(page, "Gemma 3 27B").click();
    await expectToast(page, "Model Changed", "Ask a new question to see the new model's response");
    await expect(page.getByText("Current model: Gemma 3 27B")).toBeVisible();
    await sendMessage(page, "Hello second model");
    await finishedCompletion(db, chatId);
    expect(db.completionsOfChat(chatId).at(-1)).toMatchObject({ status: "done" });
    expect(
      db.get<{ model_id: string }>(
        "select model_id from completions where chat_id = ? order by created_at desc",
        chatId,
      )?.model_id,
    ).toBe("gemma-3-27b-it");
  });

  test("a PRO model posted by a Starter user is refused with 403", async ({ page, user: _user }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, "Let me try");
    const response = await postForm(page.request, `/chat/${chatId}`, {
      intent: "model",
      model: "deepseek_v3",
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(
      "DeepSeek V3 is available on the Professional plan. Upgrade to use it.",
    );
  });
});

test.describe("limits and roles", () => {
  test(`a Starter user gets 3 messages a day, then an upgrade link instead of a 4th ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
  }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, "one");
    for (const text of ["two", "three"]) {
      await finishedCompletion(db, chatId);
      // Without JavaScript the page reloads itself until it shows the reply stored: counted mid-reload, the
      // next send's messages would be miscounted.
      await storedReply(page);
      await sendMessage(page, text);
    }
    await finishedCompletion(db, chatId);
    await expect(page.getByTestId("messages-left")).toContainText("You've used today's 3 free messages.");
    await expect(page.getByRole("link", { name: "Upgrade to Professional" })).toHaveAttribute(
      "href",
      "/pricing",
    );
    await expect(composer(page)).toBeDisabled();
    const response = await postForm(page.request, `/chat/${chatId}`, {
      content: "four",
      requestId: crypto.randomUUID(),
    });
    expect(response.status()).toBe(429);
    expect(await response.text()).toContain("Upgrade to Professional for unlimited messages.");
    expect(db.storedBy(user.id).completions).toBe(3);
  });

  test(`a Starter user's reply that fails before any text costs no free message ${ALSO_WITHOUT_JS}`, async ({
    page,
    user: _user,
    db,
  }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, `This one fails ${mockDirective({ fault: "500" })}`);
    await finishedCompletion(db, chatId, "error");
    await expect(page.getByText("API error (500): the AI service failed to answer").first()).toBeVisible();
    await expect(page.getByTestId("messages-left")).toHaveText(/^3 of 3 free messages left today/);
  });

  test("a restricted user can read their chats but not send", async ({ page, user, db }) => {
    const chatId = await askInNewChat(page, db, "before the restriction");
    db.grantRole(user.id, "restricted");
    await page.reload();
    await expect(contentOf(bubbles(page, "user").first())).toHaveText("before the restriction");
    await expect(
      page.getByText("Your account is restricted: you can read your chats but not send messages."),
    ).toBeVisible();
    await expect(composer(page)).toBeDisabled();
    const response = await postForm(page.request, `/chat/${chatId}`, {
      content: "sneaky",
      requestId: crypto.randomUUID(),
    });
    expect(response.status()).toBe(403);
    expect(db.completionsOfChat(chatId)).toHaveLength(1);
  });

  /** Three replies in a row fail in a new chat; the last failed question then carries the warning. */
  async function failThreeReplies(page: Page, db: TestDb) {
    await page.goto("/chat");
    const failing = mockDirective({ fault: "500" });
    const chatId = await sendMessage(page, `fail one ${failing}`);
    for (const text of ["fail two", "fail three"]) {
      await finishedCompletion(db, chatId, "error");
      await sendMessage(page, `${text} ${failing}`);
    }
    await finishedCompletion(db, chatId, "error");
    // Each failed question keeps its own error; the last one also carries the warning.
    await expect(messageList(page).getByRole("alert").filter({ hasText: "API error (500)" })).toHaveCount(3);
  }

  test("three failed replies in a row bring the 'Multiple Errors' warning, without the admins' hint", async ({
    page,
    user,
    db,
  }) => {
    db.setPlan(user.id, "professional");
    await failThreeReplies(page, db);
    await expect(
      messageList(page).getByText(
        "Multiple Errors: There seems to be a persistent issue with the API service. Please try again in a few minutes.",
      ),
    ).toBeVisible();
    // Only an admin can check the vendor configuration.
    await expect(page.getByText(/admin settings/)).toHaveCount(0);
  });

  test("an admin's 'Multiple Errors' warning points to the vendor configuration", async ({
    page,
    user,
    db,
  }) => {
    db.setPlan(user.id, "professional");
    db.grantRole(user.id, "admin");
    await failThreeReplies(page, db);
    await expect(
      messageList(page).getByText(
        "Multiple Errors: There seems to be a persistent issue with the API service. Please check the vendor configuration in admin settings.",
      ),
    ).toBeVisible();
  });
});

/** Whether the first toast and the composer's Send overlap, measured in one step (a toast leaves after 5 s). */
function toastAndSend(page: Page) {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll("[data-toast-list] li")].map((li) =>
      li.getBoundingClientRect(),
    );
    const send = document.querySelector("[data-composer] button[type=submit]")?.getBoundingClientRect();
    if (toasts.length === 0 || !send) return "no toast or no Send";
    const apart = toasts.every(
      (toast) =>
        toast.right <= send.left ||
        send.right <= toast.left ||
        toast.bottom <= send.top ||
        send.bottom <= toast.top,
    );
    return apart ? "apart" : "a toast covers Send";
  });
}

/**
 * Puts the keyboard on the toast titled `title` (its Dismiss button) as soon as it shows, which keeps it shown.
 * Done in the page, in the frame the toast appears: on a loaded machine a round trip from the test can outlast
 * a toast's few seconds.
 */
async function holdToast(page: Page, title: string) {
  await page.waitForFunction((title) => {
    const toast = [...document.querySelectorAll("[data-toast-list] li")].find((li) =>
      li.textContent?.includes(title),
    );
    toast?.querySelector("button")?.focus();
    return toast?.contains(document.activeElement) ?? false;
  }, title);
  await expectToast(page, title);
}
