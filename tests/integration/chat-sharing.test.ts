/**
 * Exporting a chat (text, Markdown, JSON) and sharing it by a read-only link (docs/product.md §6), through the
 * routes as a browser calls them: the owner's share page and Settings, the public page, 'Continue this chat'.
 */
import { describe, expect, it } from "vitest";
import { countContentTokens } from "#contract/context-window";
import { insertAttachment, insertChat, insertMessage, rowWhere } from "../support/rows";
import { args, get, outcome, post, visitorWith, type Visitor } from "../support/route-calls";
import { setUpTestEnv, importAfterEnv } from "../support/test-env";

const t = setUpTestEnv();
const routes = importAfterEnv(async () => ({
  download: await import("~/routes/chat.$chatId.download"),
  share: await import("~/routes/chat.$chatId_.share"),
  shared: await import("~/routes/share.$shareId"),
  links: await import("~/routes/settings_.shared-links"),
}));

/** A chat of `owner` with a question and a reply by a model and vendor. */
async function chatOf(owner: Visitor, title = "Lisbon trip") {
  const chatId = await insertChat(t.db, owner.userId, title);
  await insertMessage(t.db, chatId, owner.userId, "user", "Plan two days in Lisbon", { offsetMs: 0 });
  await insertMessage(t.db, chatId, owner.userId, "assistant", "Day 1: **Alfama**.", { offsetMs: 1 });
  await t.db
    .updateTable("chat_messages")
    .set({ model_id: "dolphin-mixtral-8x22b", vendor: "together" })
    .where("chat_id", "=", chatId)
    .where("role", "=", "assistant")
    .execute();
  return chatId;
}

const download = (visitor: Visitor, chatId: string, query = "") =>
  outcome(() => routes.download.loader(args(get(`/chat/${chatId}/download${query}`, visitor), { chatId })));
const sharesOf = (userId: string) =>
  t.db.selectFrom("shared_chats").selectAll().where("user_id", "=", userId).execute();
const createShare = async (owner: Visitor, chatId: string) => {
  const before = new Set((await sharesOf(owner.userId)).map((s) => s.id));
  const answer = await outcome(() =>
    routes.share.action(args(post(`/chat/${chatId}/share`, owner, { intent: "create" }), { chatId })),
  );
  expect(answer.status).toBe(302);
  return (await sharesOf(owner.userId)).find((s) => s.chat_id === chatId && !before.has(s.id))!.id;
};
const publicPage = (shareId: string, visitor: Visitor | null = null) =>
  outcome(() => routes.shared.loader(args(get(`/share/${shareId}`, visitor), { shareId })));

/** `chatOf`'s chat with a file attached to its question. */
async function chatWithFile(owner: Visitor) {
  const chatId = await chatOf(owner);
  const question = await t.db
    .selectFrom("chat_messages")
    .select("id")
    .where("chat_id", "=", chatId)
    .where("role", "=", "user")
    .executeTakeFirstOrThrow();
  await insertAttachment(t.db, question.id, "itinerary.txt", "The vault code is 4711.");
  return chatId;
}

describe("a question's files in downloads and shares", () => {
  it("are named in every download format, never included", async () => {
    const me = await visitorWith(t);
    const chatId = await chatWithFile(me);
    for (const format of ["txt", "md", "json"]) {
      const text = String(JSON.stringify((await download(me, chatId, `?format=${format}`)).body));
      expect(text, format).toContain("itinerary.txt");
      expect(text, format).not.toContain("4711");
    }
  });

  it("are named on a share's page, never included", async () => {
    const owner = await visitorWith(t);
    const shareId = await createShare(owner, await chatWithFile(owner));
    const page = await publicPage(shareId);
    expect(page.body).toMatchObject({
      messages: [
        { role: "user", attachments: ["itinerary.txt"] },
        { role: "assistant", attachments: [] },
      ],
    });
    expect(JSON.stringify(page.body)).not.toContain("4711");
  });
});

describe("downloading a chat", () => {
  it("as Markdown: the title, each message under its role, a reply with its model and vendor", async () => {
    const me = await visitorWith(t);
    const chatId = await chatOf(me);
    const answer = await download(me, chatId, "?format=md");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toContain('filename="Lisbon trip.md"');
    const text = String(answer.body);
    expect(text).toMatch(/^# Lisbon trip\n\n### User · \S+\n\nPlan two days in Lisbon\n\n---\n\n/);
    expect(text).toContain("### Assistant (dolphin-mixtral-8x22b via together) · ");
    expect(text).toContain("Day 1: **Alfama**.");
  });

  it("as JSON: the messages with role, content, model, vendor and time", async () => {
    const me = await visitorWith(t);
    const chatId = await chatOf(me);
    const answer = await download(me, chatId, "?format=json");
    expect(answer.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toContain('filename="Lisbon trip.json"');
    const body = answer.body as { title: string; messages: Record<string, unknown>[] };
    expect(body.title).toBe("Lisbon trip");
    expect(body.messages).toEqual([
      {
        role: "user",
        content: "Plan two days in Lisbon",
        model: null,
        vendor: null,
        created_at: expect.any(String),
        attachments: [],
      },
      {
        role: "assistant",
        content: "Day 1: **Alfama**.",
        model: "dolphin-mixtral-8x22b",
        vendor: "together",
        created_at: expect.any(String),
        attachments: [],
      },
    ]);
  });

  it("as plain text by default and with format=txt; an unknown format is a 400; another user's chat a 404", async () => {
    const me = await visitorWith(t);
    const chatId = await chatOf(me);
    const expected = "User: Plan two days in Lisbon\n\nAssistant: Day 1: **Alfama**.\n";
    expect((await download(me, chatId)).body).toBe(expected);
    expect((await download(me, chatId, "?format=txt")).body).toBe(expected);
    expect((await download(me, chatId, "?format=exe")).status).toBe(400);
    const other = await visitorWith(t);
    const refused = await download(other, chatId, "?format=json");
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain("Lisbon");
  });
});

describe("sharing a chat", () => {
  it("shows a visitor without an account a snapshot: title and messages, nothing of the owner, not later messages", async () => {
    const owner = await visitorWith(t);
    const chatId = await chatOf(owner);
    const shareId = await createShare(owner, chatId);
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await insertMessage(t.db, chatId, owner.userId, "user", "a later, private question", { offsetMs: 5 });

    const page = await publicPage(shareId);
    expect(page.status).toBe(200);
    // A reply is labelled with its model's name; the page gets nothing else of a message.
    expect(page.body).toEqual({
      title: "Lisbon trip",
      messages: [
        expect.objectContaining({ role: "user", content: "Plan two days in Lisbon" }),
        {
          role: "assistant",
          content: "Day 1: **Alfama**.",
          model: "Dolphin Mixtral 8x22B",
          attachments: [],
        },
      ],
    });
    const owned = await t.db
      .selectFrom("users")
      .select(["email", "name"])
      .where("id", "=", owner.userId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(page.body)).not.toContain(owned.email);
    expect(JSON.stringify(page.body)).not.toContain(owner.userId);
    expect(JSON.stringify(page.body)).not.toContain(chatId);
  });

  it("lists the chat's links on its share page; another user can neither see nor share the chat", async () => {
    const owner = await visitorWith(t);
    const chatId = await chatOf(owner);
    const shareId = await createShare(owner, chatId);
    const mine = await outcome(() =>
      routes.share.loader(args(get(`/chat/${chatId}/share`, owner), { chatId })),
    );
    expect((mine.body as { shares: { id: string }[] }).shares.map((s) => s.id)).toEqual([shareId]);

    const intruder = await visitorWith(t);
    const seen = await outcome(() =>
      routes.share.loader(args(get(`/chat/${chatId}/share`, intruder), { chatId })),
    );
    expect(seen.status).toBe(404);
    const made = await outcome(() =>
      routes.share.action(args(post(`/chat/${chatId}/share`, intruder, { intent: "create" }), { chatId })),
    );
    expect(made.status).toBe(404);
    expect(await sharesOf(intruder.userId)).toEqual([]);
  });

  it("revoked from the chat or from Settings, a link is a 404 at once; another user's revoke is a 404 and changes nothing", async () => {
    const owner = await visitorWith(t);
    const chatId = await chatOf(owner);
    const first = await createShare(owner, chatId);
    const second = await createShare(owner, chatId);

    const intruder = await visitorWith(t);
    const refused = await outcome(() =>
      routes.links.action(
        args(post("/settings/shared-links", intruder, { intent: "revoke", shareId: first })),
      ),
    );
    expect(refused.status).toBe(404);
    expect((await publicPage(first)).status).toBe(200);

    const fromChat = await outcome(() =>
      routes.share.action(
        args(post(`/chat/${chatId}/share`, owner, { intent: "revoke", shareId: first }), { chatId }),
      ),
    );
    expect(fromChat.status).toBe(302);
    expect((await publicPage(first)).status).toBe(404);

    const listed = await outcome(() => routes.links.loader(args(get("/settings/shared-links", owner))));
    expect((listed.body as { shares: { id: string }[] }).shares.map((s) => s.id)).toEqual([second]);
    const fromSettings = await outcome(() =>
      routes.links.action(args(post("/settings/shared-links", owner, { intent: "revoke", shareId: second }))),
    );
    expect(fromSettings.status).toBe(302);
    expect((await publicPage(second)).status).toBe(404);
    expect(await sharesOf(owner.userId)).toEqual([]);
  });

  it.each([
    ["an unknown id of the right shape", "AAAAAAAAAAAAAAAAAAAAAA"],
    ["a malformed id", "../../etc/passwd"],
    ["an empty id", ""],
    ["a chat id instead of a share id", "0190a0a0-0000-7000-8000-000000000000"],
  ])("is a 404 for %s", async (_, shareId) => {
    expect((await publicPage(shareId)).status).toBe(404);
    const reader = await visitorWith(t);
    const continued = await outcome(() =>
      routes.shared.action(args(post(`/share/${shareId}`, reader, {}), { shareId })),
    );
    expect(continued.status).toBe(404);
  });

  it("is a 404 for a tampered id (one character changed), and once its chat is deleted", async () => {
    const owner = await visitorWith(t);
    const chatId = await chatOf(owner);
    const shareId = await createShare(owner, chatId);
    const tampered = `${shareId.slice(0, -1)}${shareId.endsWith("A") ? "B" : "A"}`;
    expect((await publicPage(tampered)).status).toBe(404);
    await t.db.deleteFrom("chat_history").where("id", "=", chatId).execute();
    expect((await publicPage(shareId)).status).toBe(404);
  });

  it("'Continue this chat' asks a visitor to sign in, then copies the chat into their own account", async () => {
    const owner = await visitorWith(t);
    const chatId = await chatOf(owner);
    const shareId = await createShare(owner, chatId);

    const anonymous = await outcome(() =>
      routes.shared.action(args(post(`/share/${shareId}`, null, {}), { shareId })),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/signin?redirectTo=%2Fshare%2F${shareId}`);

    const reader = await visitorWith(t);
    const continued = await outcome(() =>
      routes.shared.action(args(post(`/share/${shareId}`, reader, {}), { shareId })),
    );
    expect(continued.status).toBe(302);
    const newChatId = /^\/chat\/(.+)$/.exec(continued.headers.get("Location")!)![1]!;
    expect(newChatId).not.toBe(chatId);
    const copy = await rowWhere(t.db, "chat_history", "id", newChatId);
    expect(copy).toMatchObject({ user_id: reader.userId, title: "Lisbon trip", source: "chat" });
    const messages = await t.db
      .selectFrom("chat_messages")
      .select(["role", "content", "user_id"])
      .where("chat_id", "=", newChatId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(messages).toEqual([
      { role: "user", content: "Plan two days in Lisbon", user_id: reader.userId },
      { role: "assistant", content: "Day 1: **Alfama**.", user_id: reader.userId },
    ]);
    // The owner's chat is untouched.
    expect(
      await t.db.selectFrom("chat_messages").select("id").where("chat_id", "=", chatId).execute(),
    ).toHaveLength(2);
  });

  it("copies each message's stored token count, and counts those of a link made before counts were kept", async () => {
    const owner = await visitorWith(t);
    const chatId = await chatOf(owner);
    // Counts no tokenizer would give these texts: a copy that counted again would not keep them.
    await t.db
      .updateTable("chat_messages")
      .set({ content_tokens: 1001 })
      .where("chat_id", "=", chatId)
      .execute();
    const shareId = await createShare(owner, chatId);
    const countsOfCopy = async (visitor: Visitor) => {
      const continued = await outcome(() =>
        routes.shared.action(args(post(`/share/${shareId}`, visitor, {}), { shareId })),
      );
      const copyId = /^\/chat\/(.+)$/.exec(continued.headers.get("Location")!)![1]!;
      const rows = await t.db
        .selectFrom("chat_messages")
        .select("content_tokens")
        .where("chat_id", "=", copyId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => row.content_tokens);
    };
    expect(await countsOfCopy(await visitorWith(t))).toEqual([1001, 1001]);

    const share = await rowWhere(t.db, "shared_chats", "id", shareId);
    const older = (JSON.parse(share!.messages) as Record<string, unknown>[]).map(
      ({ content_tokens: _, ...message }) => message,
    );
    await t.db
      .updateTable("shared_chats")
      .set({ messages: JSON.stringify(older) })
      .where("id", "=", shareId)
      .execute();
    expect(await countsOfCopy(await visitorWith(t))).toEqual([
      countContentTokens("Plan two days in Lisbon"),
      countContentTokens("Day 1: **Alfama**."),
    ]);
  });
});
