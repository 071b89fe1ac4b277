import { randomUUID } from "node:crypto";
import { composer, composerFields, sendButton } from "./support/chat";
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
        await expect(page).toHaveURL(/\/chat(\?index)?$/);
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
