/**
 * The message catalogue speaks the request's language (issue 11): a route's form errors and a schema's texts
 * follow it, and a schema built for one language never answers in another.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withRequestLanguage } from "~/modules/i18n/request-language.server";
// The web loads every language at start (entry.server.tsx); the test does the same.
import "~/modules/i18n/resources.server";
import { signupSchema } from "~/modules/auth/schemas";
import { messages, toasts } from "~/modules/texts/catalogue";
import { chatTexts } from "~/modules/chats/chat-messages";
import { createTestEnv, type TestEnv } from "../support/test-env";
import type * as Signup from "~/routes/_public.signup";

let t: TestEnv;
let signup: typeof Signup;

beforeAll(async () => {
  t = await createTestEnv();
  signup = await import("~/routes/_public.signup");
});
afterAll(() => t.close());

/** The field errors of a refused sign-up with no name and a 300-character e-mail. */
async function signupErrors() {
  const request = new Request("http://localhost/signup", {
    method: "POST",
    body: new URLSearchParams({ name: "", email: `${"a".repeat(290)}@example.test`, password: "x" }),
  });
  const result = (await signup.action({ request, context: { clientIp: "10.9.9.9" }, params: {} })) as {
    data: { error: Record<string, string[]> };
    init: { status: number };
  };
  expect(result.init.status).toBe(400);
  return result.data.error;
}

describe("the catalogue in the request's language", () => {
  it("answers a bad sign-up in German, field names included, and in English outside a German request", async () => {
    const german = await withRequestLanguage("de", signupErrors);
    expect(german.name).toEqual(["Name ist erforderlich"]);
    expect(german.email).toContain("Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein");
    expect(german.password).toEqual(["Das Passwort muss mindestens 8 Zeichen lang sein"]);

    const english = await signupErrors();
    expect(english.name).toEqual(["Name is required"]);
    expect(english.email).toContain("Email must be at most 254 characters");
  });

  it("builds a schema once per language, and each keeps its own", () => {
    const empty = { name: "", email: "a@b.co", password: "longenough" };
    const spanishSchema = withRequestLanguage("es", () => signupSchema());
    const frenchSchema = withRequestLanguage("fr", () => signupSchema());
    expect(withRequestLanguage("es", () => signupSchema())).toBe(spanishSchema);
    expect(frenchSchema).not.toBe(spanishSchema);
    // Parsed outside any request, each still speaks the language it was built in.
    expect(spanishSchema.safeParse(empty).error?.issues[0]?.message).toBe("El nombre es obligatorio");
    expect(frenchSchema.safeParse(empty).error?.issues[0]?.message).toBe("Le nom est obligatoire");
    expect(signupSchema().safeParse(empty).error?.issues[0]?.message).toBe("Name is required");
  });

  it("reads plain texts, nested toasts and texts made from parts in the current language", () => {
    withRequestLanguage("zh", () => {
      expect(messages.messageRequired).toBe("错误：请输入消息");
      expect({ ...toasts.authRequired }).toEqual({ title: "需要登录", description: "请登录后使用聊天" });
      expect(chatTexts.deleteExplanation("Trip")).toBe("“Trip”及其所有消息将被删除，此操作无法撤销。");
    });
    expect(messages.dailyLimit(3)).toBe(
      "You've used the Starter plan's 3 messages for today. Upgrade to Professional for unlimited messages.",
    );
    expect(withRequestLanguage("es", () => toasts.modelChanged(true).title)).toBe("Modelo cambiado");
  });
});
