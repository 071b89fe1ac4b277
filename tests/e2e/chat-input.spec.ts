import { randomUUID } from "node:crypto";
import {
  askInNewChat,
  bubbles,
  composer,
  composerFields,
  finishedCompletion,
  sendButton,
  sidebar,
  storedReply,
} from "./support/chat";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";
import { postForm, submitForm } from "./support/forms";

const MESSAGE_REQUIRED = "Error: Please enter a message";
const MESSAGE_TOO_LONG = "Message is too long (32 KB at most).";
/** 16,385 two-byte characters: under 32 K characters, over 32 KB. The limit is in bytes. */
const OVER_32_KB = "é".repeat(16 * 1024 + 1);

interface BadSend {
  what: string;
  fields: (form: { requestId: string; model: string }) => Record<string, string>;
  message?: string;
  /** What to type in the box, when a user can send this through the form at all. */
  typed?: string;
}

const badSends: BadSend[] = [
  { what: "an empty message", fields: (f) => ({ ...f, content: "" }), message: MESSAGE_REQUIRED },
  {
    what: "a message of spaces",
    fields: (f) => ({ ...f, content: "   " }),
    message: MESSAGE_REQUIRED,
    typed: "   ",
  },
  {
    what: "a message over 32 KB",
    fields: (f) => ({ ...f, content: OVER_32_KB }),
    message: MESSAGE_TOO_LONG,
    typed: OVER_32_KB,
  },
  { what: "a message without a requestId", fields: ({ model }) => ({ model, content: "Hello" }) },
  {
    what: "a message with a malformed requestId",
    fields: ({ model }) => ({ model, content: "Hello", requestId: "not-a-uuid" }),
  },
];

test.describe("chat input", { tag: ALSO_WITHOUT_JS }, () => {
  for (const bad of badSends) {
    test(`${bad.what} is refused with 400 and nothing is stored`, async ({ page, user, db }) => {
      await page.goto("/chat");
      const form = await composerFields(page);

      if (bad.typed !== undefined) {
        await composer(page).fill(bad.typed);
        const response = await submitForm(page, sendButton(page), "/chat");
        expect(response.status()).toBe(400);
        await expect(page.getByText(bad.message!)).toBeVisible();
        await expect(page).toHaveURL(/\/chat$/);
      }

      const response = await postForm(
        page.request,
        form.action,
        bad.fields({ requestId: randomUUID(), model: form.model }),
      );
      expect(response.status()).toBe(400);
      if (bad.message) expect(await response.text()).toContain(bad.message);

      expect(db.storedBy(user.id)).toEqual({ chats: 0, messages: 0, completions: 0 });
    });
  }
});

test("an unsent message waits in its chat's box: after another chat, a reload, until it is sent", async ({
  page,
  db,
  user: _user,
}) => {
  // Six pages and a reply: more than one page's budget on a loaded machine.
  test.slow();
  const chatId = await askInNewChat(page, db, "first question");
  await composer(page).fill("half a thought");
  await page.getByRole("link", { name: "New chat" }).first().click();
  await expect(page).toHaveURL("/chat");
  await expect(composer(page)).toHaveValue("");
  await composer(page).fill("for a chat not started yet");
  await page.reload();
  await expect(composer(page)).toHaveValue("for a chat not started yet");

  await page.goto(`/chat/${chatId}`);
  await expect(composer(page)).toHaveValue("half a thought");
  await composer(page).press("Enter");
  await expect(bubbles(page, "user")).toHaveCount(2);
  await finishedCompletion(db, chatId);
  await storedReply(page);
  await page.reload();
  // The copy button shows once the page is hydrated, when a kept draft would have come back.
  await expect(bubbles(page, "assistant").last().getByRole("button", { name: "Copy reply" })).toBeVisible();
  await expect(composer(page)).toHaveValue("");
  await page.goto("/chat");
  await expect(composer(page)).toHaveValue("for a chat not started yet");

  // Signing out leaves none of the user's words in the browser.
  await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("rogue-ai:draft:"))),
  ).toEqual([]);
});
