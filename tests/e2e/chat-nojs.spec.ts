import {
  bubbles,
  contentOf,
  expectExactText,
  pageStoppedRefreshing,
  refreshTag,
  sendMessage,
} from "./support/chat";
import { expect, ONLY_WITHOUT_JS, test } from "./support/fixtures";
import { mockDirective } from "./support/mock";

test.describe("chat without JavaScript", { tag: ONLY_WITHOUT_JS }, () => {
  test("the page shows 'Thinking...' and refreshes itself until the reply is stored", async ({
    page,
    user: _user,
  }) => {
    const reply = "Answered without a script.";
    const message = `No scripts here ${mockDirective({ ttftMs: 2_500, reply })}`;
    await page.goto("/chat");
    const chatId = await sendMessage(page, message);
    let loads = 0;
    page.on("load", () => loads++);

    await expectExactText(contentOf(bubbles(page, "user").first()), message);
    await expect(contentOf(bubbles(page, "assistant").last())).toHaveText("Thinking...");
    await expect(refreshTag(page)).toHaveCount(1);
    await expectExactText(contentOf(bubbles(page, "assistant").last()), reply);
    await pageStoppedRefreshing(page);
    expect(loads, "the page reloaded itself").toBeGreaterThanOrEqual(1);
    await expect(page).toHaveURL(`/chat/${chatId}`);
  });
});
