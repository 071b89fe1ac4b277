/**
 * What a new Starter user tripped on in the chat (issue 46). JavaScript on, and off where it is a form or link.
 */
import { composer, sendButton } from "./support/chat";
import { BASE_URL } from "./support/env";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

test.describe("a new chat's address", () => {
  test(`a refused send from /chat stays at /chat, without ?index ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
  }) => {
    await page.goto("/chat");
    // Today's messages run out after the page was shown: the send is refused by the server.
    for (let used = 0; used < 10; used++) db.recordUsage(user.id, new Date(), 100);
    await composer(page).fill("One more question");
    await sendButton(page).click();
    await expect(page.getByText("You've used the Starter plan's").first()).toBeVisible();
    expect(page.url()).toBe(`${BASE_URL}/chat`);
  });
});
