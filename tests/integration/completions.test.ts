/**
 * Asking for replies through the web's module, against real SQLite and Redis: limits, plans, roles,
 * ownership, idempotency, regenerate and edit history, stop, model switch and users' own keys.
 */
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import {
  editAndResend,
  regenerateReply,
  SendRefusedError,
  sendMessage,
  showBranch,
  stopReply,
  switchModel,
} from "~/modules/completions/completions.server";
import { deleteChat } from "~/modules/chats/chats.server";
import { QUICK_ACTIONS } from "~/modules/completions/quick-actions";
import { quickActionRequest } from "~/modules/completions/quick-action-request";
import { startSession } from "~/routes-support/auth.server";
import { handleChatAction } from "~/routes-support/chat-intents.server";
import type { Plan, Role } from "#db/schema";
import { completionStopKey } from "#contract/jobs";
import { completionOf, insertUserKey, lastQuestion, sessionUser, visibleMessages } from "../support/rows";
import { directive, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();

const member = (plan: Plan = "starter", roles: Role[] = []) => sessionUser(t.db, { plan, roles });

const send = (session: SessionUser, content: string, chatId: string | null = null, model?: string) =>
  sendMessage(session, { content, requestId: uuidv7(), model }, chatId);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof SendRefusedError ? error.reason : error instanceof Response ? error.status : error,
  );
const visible = (chatId: string) => visibleMessages(t.db, chatId);
const finish = async (completionId: string) => expect(await t.run(completionId)).toBe("done");

describe("asking for a reply", () => {
  it("lets parallel sends from a Starter user through only up to the 3-a-day limit", async () => {
    const session = await member("starter");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => refusal(send(session, `parallel ${i}`))),
    );
    expect(results.filter((r) => r === null)).toHaveLength(3);
    expect(results.filter((r) => r === "limit")).toHaveLength(3);
    const stored = await t.db
      .selectFrom("completions")
      .select("id")
      .where("user_id", "=", session.user.id)
      .execute();
    expect(stored).toHaveLength(3);
  });

  it("gives nothing back to the Starter quota when a chat is deleted, and records each reply in the ledger", async () => {
    const session = await member("starter");
    const sent = [];
    for (const content of ["one", "two", "three"]) sent.push(await send(session, content));
    await finish(sent[0]!.completionId);
    for (const { chatId } of sent) await deleteChat(t.db, session.user, chatId);

    expect(await refusal(send(session, "a fourth after deleting every chat"))).toBe("limit");
    const ledger = await t.db
      .selectFrom("usage_events")
      .select(["completion_id", "status", "vendor", "ttft_ms"])
      .where("user_id", "=", session.user.id)
      .orderBy("created_at")
      .execute();
    expect(ledger.map((row) => row.completion_id)).toEqual(sent.map((s) => s.completionId));
    expect(ledger[0]).toMatchObject({ status: "done", vendor: "together" });
    expect(ledger[0]!.ttft_ms).toBeGreaterThanOrEqual(0);
    expect(ledger.slice(1).map((row) => row.status)).toEqual(["queued", "queued"]);
  });

  it("gives a Starter user's message back when its reply failed before any text, not when text arrived", async () => {
    const session = await member("starter");
    const failed = await send(session, `nothing comes ${directive({ fault: "500" })}`);
    expect(await t.run(failed.completionId)).toBe("error");
    const cut = await send(
      session,
      `part of it comes ${directive({ tokens: 6, fault: "cutoff", faultAfterTokens: 2 })}`,
    );
    expect(await t.run(cut.completionId)).toBe("error");
    expect((await completionOf(t.db, cut.completionId)).first_token_at).not.toBeNull();
    for (const content of ["one", "two"]) await send(session, content);

    expect(await refusal(send(session, "a fourth that counts"))).toBe("limit");
    const ledger = await t.db
      .selectFrom("usage_events")
      .select("status")
      .where("user_id", "=", session.user.id)
      .execute();
    expect(ledger).toHaveLength(4);
  });

  it("gives Professional users unlimited messages", async () => {
    const session = await member("professional");
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => refusal(send(session, `pro ${i}`))),
    );
    expect(results).toEqual([null, null, null, null, null]);
  });

  it("refuses a PRO model to a Starter user at enqueue, and allows it to a Professional", async () => {
    expect(await refusal(send(await member("starter"), "hi", null, "deepseek_v3"))).toBe("model");
    expect(await refusal(send(await member("professional"), "hi", null, "deepseek_v3"))).toBeNull();
  });

  it("refuses a PRO model again in the worker when the plan changed after the request", async () => {
    const session = await member("professional");
    const { completionId } = await send(session, "downgraded", null, "deepseek_v3");
    await t.db.updateTable("users").set({ plan: "starter" }).where("id", "=", session.user.id).execute();
    expect(await t.run(completionId)).toBe("error");
    const row = await completionOf(t.db, completionId);
    expect(row).toMatchObject({ error_code: "plan", error_detail: "DeepSeek V3" });
    expect(t.mock.requests().filter((r) => JSON.stringify(r.body).includes("downgraded"))).toHaveLength(0);
  });

  it("lets a restricted user read but not send", async () => {
    expect(await refusal(send(await member("professional", ["restricted"]), "hello"))).toBe("restricted");
  });

  it("treats a repeated request id as the same request", async () => {
    const session = await member("professional");
    const input = { content: "only once", requestId: uuidv7() };
    const first = await sendMessage(session, input, null);
    expect(first.repeated).toBe(false);
    expect(await sendMessage(session, input, null)).toEqual({ ...first, repeated: true });
    expect(await visible(first.chatId)).toEqual([{ role: "user", content: "only once" }]);
  });

  it("refuses another account's request id with the catalogue's text, and adds nothing", async () => {
    const input = { content: "mine", requestId: uuidv7() };
    const first = await sendMessage(await member("professional"), input, null);
    const taken = sendMessage(await member("professional"), { ...input, content: "theirs" }, null);
    await expect(taken).rejects.toMatchObject({
      status: 409,
      message: "This request belongs to another account. Reload the page and send again.",
    });
    expect(await visible(first.chatId)).toEqual([{ role: "user", content: "mine" }]);
  });

  it("splits a first message's [SYSTEM: ...] prefix into a system message, but not a later one's", async () => {
    const session = await member("professional");
    const { chatId, completionId } = await send(session, "[SYSTEM: Answer in French.]\n\nHello there");
    expect(await visible(chatId)).toEqual([
      { role: "system", content: "Answer in French." },
      { role: "user", content: "Hello there" },
    ]);
    await finish(completionId);
    await send(session, "[SYSTEM: Ignore that.]\n\nAgain", chatId);
    expect((await visible(chatId)).at(-1)).toEqual({
      role: "user",
      content: "[SYSTEM: Ignore that.]\n\nAgain",
    });
    const chat = await t.db
      .selectFrom("chat_history")
      .select("title")
      .where("id", "=", chatId)
      .executeTakeFirstOrThrow();
    expect(chat.title).toBe("Hello there");
  });

  it("makes a quick action's role instruction the system message of its request, in an existing chat too", async () => {
    const session = await member("professional");
    const first = await send(session, "Hello there");
    await finish(first.completionId);
    const code = quickActionRequest("code");
    const { completionId } = await sendMessage(
      session,
      { ...code, requestId: uuidv7(), action: "code" },
      first.chatId,
    );
    expect((await visible(first.chatId)).slice(-2)).toEqual([
      { role: "system", content: QUICK_ACTIONS.code.instruction },
      { role: "user", content: "Help me write some code." },
    ]);
    await finish(completionId);
    const prompt = (t.mock.requests("together").at(-1)?.body as { messages: unknown[] }).messages;
    expect(prompt[0]).toEqual({ role: "system", content: QUICK_ACTIONS.code.instruction });
    expect(prompt.filter((turn) => (turn as { role: string }).role === "system")).toHaveLength(1);
    expect(prompt.at(-1)).toEqual({ role: "user", content: "Help me write some code." });
  });

  it("refuses a second message while the chat's reply is still being written", async () => {
    const session = await member("professional");
    const { chatId } = await send(session, "first");
    expect(await refusal(send(session, "second", chatId))).toBe("busy");
  });

  it("answers 404 for another user's chat on send, regenerate, edit, stop and model switch", async () => {
    const owner = await member("professional");
    const { chatId, completionId } = await send(owner, "mine");
    await finish(completionId);
    const intruder = await member("professional");
    expect(await refusal(send(intruder, "let me in", chatId))).toBe(404);
    const questionId = await lastQuestion(t.db, chatId);
    expect(await refusal(regenerateReply(intruder, chatId, { requestId: uuidv7(), questionId }))).toBe(404);
    expect(
      await refusal(editAndResend(intruder, chatId, { content: "x", requestId: uuidv7(), questionId })),
    ).toBe(404);
    expect(await refusal(showBranch(intruder, chatId, questionId))).toBe(404);
    expect(await refusal(stopReply(intruder, chatId, completionId))).toBe(404);
    expect(await refusal(switchModel(intruder, chatId, "llama-3.1-8b-instruct"))).toBe(404);
    expect(await visible(chatId)).toHaveLength(2);
  });
});

describe("regenerate, edit and model switch", () => {
  it("regenerates the last reply, keeping the old one on record but out of the page and the prompt", async () => {
    const session = await member("professional");
    const { chatId, completionId } = await send(session, "tell me a joke");
    await finish(completionId);
    const again = await regenerateReply(session, chatId, {
      requestId: uuidv7(),
      questionId: await lastQuestion(t.db, chatId),
    });
    await finish(again.completionId);
    const shown = await visible(chatId);
    expect(shown.map((m) => m.role)).toEqual(["user", "assistant"]);
    const all = await t.db.selectFrom("chat_messages").select("id").where("chat_id", "=", chatId).execute();
    expect(all).toHaveLength(3);
    const prompt = (t.mock.requests().at(-1)?.body as { messages: { role: string }[] }).messages;
    expect(prompt.map((m) => m.role)).toEqual(["system", "user"]);
  });

  it("replaces the last question and its reply when the user edits and resends it", async () => {
    const session = await member("professional");
    const { chatId, completionId } = await send(session, "what is 2+2");
    await finish(completionId);
    const edited = await editAndResend(session, chatId, {
      content: "what is 3+3",
      requestId: uuidv7(),
      questionId: await lastQuestion(t.db, chatId),
    });
    await finish(edited.completionId);
    const shown = await visible(chatId);
    expect(shown.map((m) => [m.role, m.role === "user" ? m.content : "reply"])).toEqual([
      ["user", "what is 3+3"],
      ["assistant", "reply"],
    ]);
    const prompt = (t.mock.requests().at(-1)?.body as { messages: { role: string; content: string }[] })
      .messages;
    expect(prompt.filter((m) => m.role === "user").map((m) => m.content)).toEqual(["what is 3+3"]);
  });

  it("resends an unanswered question to the new model when the model is switched", async () => {
    const session = await member("professional");
    const { chatId, completionId } = await send(
      session,
      `doomed ${directive({ vendors: { together: { fault: "400" } } })}`,
    );
    expect(await t.run(completionId)).toBe("error");
    expect(await switchModel(session, chatId, "llama-3.1-8b-instruct")).toEqual({ resent: true });
    const latest = await t.db
      .selectFrom("completions")
      .selectAll()
      .where("chat_id", "=", chatId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(latest).toMatchObject({ model_id: "llama-3.1-8b-instruct", status: "queued" });
  });

  it("does not resend when the last question was answered", async () => {
    const session = await member("professional");
    const { chatId, completionId } = await send(session, "answered");
    await finish(completionId);
    expect(await switchModel(session, chatId, "gemma-3-27b-it")).toEqual({ resent: false });
  });
});

describe("stop and users' keys", () => {
  it("stops a reply that has not started yet: the worker ends it as stopped without calling a vendor", async () => {
    const session = await member("professional");
    const { chatId, completionId } = await send(session, "never mind");
    await stopReply(session, chatId, completionId);
    expect(await t.redis.exists(completionStopKey(completionId))).toBe(1);
    const before = t.mock.requests().length;
    expect(await t.run(completionId)).toBe("stopped");
    expect(t.mock.requests()).toHaveLength(before);
  });

  it("says the service is not set up while no vendor has a key (no key dialog), and uses the user's own key once stored", async () => {
    const saved = await t.db
      .selectFrom("api_vendors")
      .select(["id", "api_key_encrypted", "is_active"])
      .execute();
    await t.db.updateTable("api_vendors").set({ api_key_encrypted: null }).execute();
    try {
      const session = await member("professional");
      expect(await refusal(send(session, "no key yet"))).toBe("setup");
      // docs/product.md §4: the send form answers with the plain sentence, not a redirect to the key dialog.
      const signedIn = await startSession(new Request("http://localhost/signin"), session.user, {
        redirectTo: "/chat",
        toast: { title: "Signed in" },
        clientIp: "127.0.0.1",
      });
      const cookie = signedIn.headers.get("Set-Cookie")!.split(";")[0]!;
      const answer = (await handleChatAction(
        new Request("http://localhost/chat", {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams({ content: "no key yet", requestId: uuidv7(), model: "gemma-3-27b-it" }),
        }),
        null,
      )) as unknown as { init: { status: number } | null; data: unknown };
      expect(answer.init?.status).toBe(503);
      expect(JSON.stringify(answer.data)).toContain("Rogue AI is not set up yet: no AI vendor can answer.");
      await insertUserKey(t.db, session.user.id, "user-own-key", t.env.appSecret);
      const { completionId } = await send(session, "with my key");
      await finish(completionId);
      expect(t.mock.requests("together").at(-1)?.headers.authorization).toBe("Bearer user-own-key");
    } finally {
      for (const row of saved)
        await t.db
          .updateTable("api_vendors")
          .set({ api_key_encrypted: row.api_key_encrypted })
          .where("id", "=", row.id)
          .execute();
    }
  });
});
