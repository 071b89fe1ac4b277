/** Where the model's memory starts (docs/product.md §2 'Context windows'), shown with JavaScript on and off. */
import { bubbles, composer, messageList, sendButton } from "./support/chat";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

test.describe("a chat longer than its model's window", { tag: ALSO_WITHOUT_JS }, () => {
  test("marks where the model's memory starts: the turns above are not sent, the ones below are", async ({
    page,
    user,
    db,
  }, info) => {
    // 1,024 tokens less 512 for the reply: the question (about 100) and three earlier turns of about 100 fit.
    const modelId = `e2e-window-${info.project.name}-${Date.now().toString(36)}`;
    db.insertModel(modelId, 1_024, 512);
    const turn = (index: number) => `Turn ${index}:${" filler".repeat(95)}`;
    const chatId = db.insertChat(
      user.id,
      modelId,
      [0, 1, 2, 3, 4, 5].map((index) => ({
        role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
        content: turn(index),
      })),
    );
    await page.goto(`/chat/${chatId}`);

    const marker = messageList(page).getByTestId("memory-start");
    await expect(marker).toHaveText("Earlier messages are not sent to the model");
    await expect(marker).toHaveCount(1);
    // The prompt of the last question (turn 4) holds turns 1 to 3; turn 0 is left out whole.
    await expect(messageList(page).locator("li:has(+ [data-testid=memory-start])")).toContainText("Turn 0:");
    await expect(messageList(page).locator("[data-testid=memory-start] + li")).toContainText("Turn 1:");
  });

  test("shows no marker while the whole chat fits", async ({ page, user, db }) => {
    const chatId = db.insertChat(user.id, "llama-3.1-8b-instruct", [
      { role: "user", content: "A short question" },
      { role: "assistant", content: "A short answer" },
    ]);
    await page.goto(`/chat/${chatId}`);
    await expect(messageList(page)).toContainText("A short answer");
    await expect(page.getByTestId("memory-start")).toHaveCount(0);
  });

  test("refuses a question too long for the model, saying why, and keeps it out of the chat", async ({
    page,
    user,
    db,
  }, info) => {
    const modelId = `e2e-small-${info.project.name}-${Date.now().toString(36)}`;
    db.insertModel(modelId, 1_024, 512);
    const chatId = db.insertChat(user.id, modelId, [
      { role: "user", content: "A short question" },
      { role: "assistant", content: "A short answer" },
    ]);
    await page.goto(`/chat/${chatId}`);
    await composer(page).fill("far too long ".repeat(300));
    await sendButton(page).click();
    await expect(page.getByText("This message is too long for the model")).toBeVisible();
    await expect(bubbles(page, "user")).toHaveCount(1);
    expect(db.messagesOfChat(chatId)).toHaveLength(2);
  });
});
