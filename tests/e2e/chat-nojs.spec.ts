import {
  bubbles,
  contentOf,
  expectExactText,
  pageStoppedRefreshing,
  refreshTag,
  sendMessage,
} from "./support/chat";
import { expect, ONLY_WITHOUT_JS, test } from "./support/fixtures";

test.describe("chat without JavaScript", { tag: ONLY_WITHOUT_JS }, () => {
  test("the page shows 'Thinking...' and refreshes itself until the reply is stored", async ({
    page,
    user: _user,
    mock,
  }) => {
    const reply = "Answered without a script.";
    // The reply holds before its first token until the test has seen the page wait for it.
    const held = mock.heldReply({ reply });
    const message = `No scripts here ${held.directive}`;
    await page.goto("/chat");
    const chatId = await sendMessage(page, message);
    let loads = 0;
    page.on("load", () => loads++);

    await expectExactText(contentOf(bubbles(page, "user").first()), message);
    await expect(contentOf(bubbles(page, "assistant").last())).toHaveText("Thinking...");
    await expect(refreshTag(page)).toHaveCount(1);
    await expect
      .poll(() => loads, { message: "the page reloads itself while it waits" })
      .toBeGreaterThanOrEqual(1);
    await held.release();
    await expectExactText(contentOf(bubbles(page, "assistant").last()), reply);
    await pageStoppedRefreshing(page);
    await expect(page).toHaveURL(`/chat/${chatId}`);
  });
});
