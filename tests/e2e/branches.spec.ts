/**
 * Branches (docs/product.md §6 'Branches'): editing an earlier question or regenerating an earlier reply makes a
 * version beside it, ‹ n / m › switches between versions and what followed each, and the vendor reads only the
 * branch shown. With JavaScript on and off.
 */
import type { Locator, Page } from "@playwright/test";
import type { TestDb } from "./support/db";
import {
  askAsProfessional,
  bubbles,
  contentOf,
  finishedCompletion,
  pageStoppedRefreshing,
  sendMessage,
  storedReply,
} from "./support/chat";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";
import { mockDirective } from "./support/mock";

/** A question whose reply is `reply`. */
const question = (text: string, reply: string) => `${text} ${mockDirective({ reply })}`;

/** Sends a question in the open chat and waits for its stored reply. */
async function ask(page: Page, db: TestDb, chatId: string, text: string, reply: string) {
  await sendMessage(page, question(text, reply));
  await finishedCompletion(db, chatId);
  await pageStoppedRefreshing(page);
  await storedReply(page);
}

/** A chat of three questions, each answered; returns its id. */
async function threeQuestions(page: Page, db: TestDb, userId: string, label: string) {
  const chatId = await askAsProfessional(page, db, userId, question(`First ${label}`, "Reply one."));
  await ask(page, db, chatId, `Second ${label}`, "Reply two.");
  await ask(page, db, chatId, `Third ${label}`, "Reply three.");
  return chatId;
}

/** Edits the question in `bubble` to `text` and waits for the new reply. */
async function editQuestion(page: Page, db: TestDb, chatId: string, bubble: Locator, text: string) {
  const asked = db.completionsOfChat(chatId).length;
  await bubble.getByRole("link", { name: "Edit message" }).click();
  await page.getByRole("textbox", { name: "Edit message" }).fill(text);
  await page.getByRole("button", { name: "Save & resend" }).click();
  await expect.poll(() => db.completionsOfChat(chatId).length).toBe(asked + 1);
  await finishedCompletion(db, chatId);
  await pageStoppedRefreshing(page);
  await storedReply(page);
}

const versions = (bubble: Locator, position: number, count: number) =>
  bubble.getByRole("group", { name: `Version ${position} of ${count}` });

const userTexts = (page: Page) => contentOf(bubbles(page, "user"));

test.describe("branches", () => {
  test(`editing the first of three questions keeps the old branch reachable via ‹ 1 / 2 › ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
  }) => {
    const chatId = await threeQuestions(page, db, user.id, "question");
    await editQuestion(
      page,
      db,
      chatId,
      bubbles(page, "user").first(),
      question("Edited first question", "Edited reply."),
    );

    await expect(bubbles(page, "user")).toHaveCount(1);
    await expect(userTexts(page)).toContainText(["Edited first question"]);
    await expect(contentOf(bubbles(page, "assistant"))).toHaveText(["Edited reply."]);
    const edited = versions(bubbles(page, "user").first(), 2, 2);
    await expect(edited).toContainText("2 / 2");
    await expect(edited.getByRole("button", { name: "Next version" })).toBeDisabled();

    await edited.getByRole("button", { name: "Previous version" }).click();
    await expect(bubbles(page, "user")).toHaveCount(3);
    await expect(userTexts(page)).toContainText(["First question", "Second question", "Third question"]);
    await expect(contentOf(bubbles(page, "assistant"))).toHaveText([
      "Reply one.",
      "Reply two.",
      "Reply three.",
    ]);
    const original = versions(bubbles(page, "user").first(), 1, 2);
    await expect(original).toContainText("1 / 2");

    await original.getByRole("button", { name: "Next version" }).click();
    await expect(bubbles(page, "user")).toHaveCount(1);
    await expect(userTexts(page)).toContainText(["Edited first question"]);
  });

  test(`the vendor receives only the active branch ${ALSO_WITHOUT_JS}`, async ({ page, user, db, mock }) => {
    const marker = `branch-${test.info().project.name}-${Date.now()}`;
    const chatId = await askAsProfessional(page, db, user.id, question("Old first", "Old reply one."));
    await ask(page, db, chatId, "Old second", "Old reply two.");
    await editQuestion(page, db, chatId, bubbles(page, "user").first(), question("New first", "New reply."));

    await ask(page, db, chatId, `On the new branch ${marker}-new`, "Fine.");
    const [onNew] = await mock.requestsMentioning(`${marker}-new`);
    const newTurns = JSON.stringify(onNew!.body);
    expect(newTurns).toContain("New first");
    expect(newTurns).toContain("New reply.");
    expect(newTurns).not.toContain("Old first");
    expect(newTurns).not.toContain("Old second");

    await versions(bubbles(page, "user").first(), 2, 2)
      .getByRole("button", { name: "Previous version" })
      .click();
    // Both branches hold two questions: the old one's words say the switch has happened.
    await expect(userTexts(page)).toContainText(["Old first", "Old second"]);
    await expect(bubbles(page, "user")).toHaveCount(2);
    await ask(page, db, chatId, `On the old branch ${marker}-old`, "Fine again.");
    const [onOld] = await mock.requestsMentioning(`${marker}-old`);
    const oldTurns = JSON.stringify(onOld!.body);
    expect(oldTurns).toContain("Old first");
    expect(oldTurns).toContain("Old reply two.");
    expect(oldTurns).not.toContain("New first");
    expect(oldTurns).not.toContain("On the new branch");
  });

  test(`regenerating an earlier reply makes a version beside it; the old one comes back with what followed ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
  }) => {
    const chatId = await askAsProfessional(page, db, user.id, question("Tell me one thing", "Thing one."));
    await ask(page, db, chatId, "And another", "Thing two.");
    await bubbles(page, "assistant").first().getByRole("button", { name: "Regenerate" }).click();
    await expect.poll(() => db.completionsOfChat(chatId).length).toBe(3);
    await finishedCompletion(db, chatId);
    await pageStoppedRefreshing(page);
    await expect(bubbles(page, "user")).toHaveCount(1);
    const regenerated = versions(await storedReply(page), 2, 2);
    await expect(regenerated).toBeVisible();

    await regenerated.getByRole("button", { name: "Previous version" }).click();
    await expect(contentOf(bubbles(page, "assistant"))).toHaveText(["Thing one.", "Thing two."]);
    await expect(versions(bubbles(page, "assistant").first(), 1, 2)).toBeVisible();
  });
});
