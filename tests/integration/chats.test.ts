/**
 * The chat list and chat actions through their routes, as a browser (with or without JavaScript) calls them:
 * real requests with a signed session cookie, a real SQLite database, real responses.
 */
import { TableNode, type KyselyPlugin, type RootOperationNode } from "kysely";
import { describe, expect, it } from "vitest";
import type { MessageRole } from "#db/schema";
import { messages } from "~/modules/texts/catalogue";
import { insertChat, insertMessage } from "../support/rows";
import { args, BASE, get, outcome, post, sessionCookieFor, type Visitor } from "../support/route-calls";
import { setUpTestEnv, importAfterEnv, storeQueuedCompletion } from "../support/test-env";

const t = setUpTestEnv();
const routes = importAfterEnv(async () => ({
  layout: await import("~/routes/chat"),
  api: await import("~/routes/api.chats"),
  rename: await import("~/routes/chat.$chatId_.rename"),
  remove: await import("~/routes/chat.$chatId_.delete"),
  download: await import("~/routes/chat.$chatId.download"),
  archive: await import("~/routes/chat.archive"),
  page: await import("~/routes/chat.$chatId"),
  stream: await import("~/routes/api.completions.$id.stream"),
  context: await import("~/modules/server-context.server"),
}));

/** A user with a session, and the Cookie header a signed-in browser would send. */
async function signedInUser(plan: "starter" | "professional" = "professional"): Promise<Visitor> {
  const userId = await t.createUser();
  await t.db.updateTable("users").set({ plan }).where("id", "=", userId).execute();
  return sessionCookieFor(t, userId);
}

const createChat = (userId: string, title: string, hoursAgo = 0) =>
  insertChat(t.db, userId, title, { hoursAgo });

const addMessage = (chatId: string, userId: string, role: MessageRole, content: string, offsetMs: number) =>
  insertMessage(t.db, chatId, userId, role, content, { offsetMs });

const titleOf = async (chatId: string) =>
  (await t.db.selectFrom("chat_history").select("title").where("id", "=", chatId).executeTakeFirst())?.title;

/** A signed-in user and a chat of theirs titled `title`. */
async function userWithChat(title: string) {
  const me = await signedInUser();
  return { me, chat: await createChat(me.userId, title) };
}

/** What a route of one chat answers `request`, its `:chatId` being `chatId`. */
const onChat = (handler: (routeArgs: ReturnType<typeof args>) => unknown, request: Request, chatId: string) =>
  outcome(() => handler(args(request, { chatId })));

/** What the rename action answers `visitor` posting `form` for the chat `chatId`. */
const rename = (visitor: Visitor, chatId: string, form: Record<string, string>) =>
  onChat(routes.rename.action, post(`/chat/${chatId}/rename`, visitor, form), chatId);

const errorsOf = (body: unknown) => (body as { error?: Record<string, string[]> }).error ?? {};

describe("GET /api/chats", () => {
  it("answers 401 without a session", async () => {
    const answer = await outcome(() => routes.api.loader(args(get("/api/chats"))));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: "Authentication Required" });
  });

  it("lists only the owner's chats, newest first, within a Starter user's 24 hours, filtered by ?q=", async () => {
    const me = await signedInUser("starter");
    const other = await signedInUser();
    await createChat(me.userId, "Older trip", 5);
    await createChat(me.userId, "Newer TRIP", 1);
    await createChat(me.userId, "Recipes", 2);
    await createChat(me.userId, "Trip from last week", 24 * 7);
    await createChat(other.userId, "Their trip", 0);

    const all = await outcome(() => routes.api.loader(args(get("/api/chats", me))));
    expect(all.status).toBe(200);
    expect(all.headers.get("Cache-Control")).toContain("no-store");
    expect((all.body as { chats: { title: string }[] }).chats.map((c) => c.title)).toEqual([
      "Newer TRIP",
      "Recipes",
      "Older trip",
    ]);

    const trips = await outcome(() => routes.api.loader(args(get("/api/chats?q=trip", me))));
    expect((trips.body as { chats: { title: string }[] }).chats.map((c) => c.title)).toEqual([
      "Newer TRIP",
      "Older trip",
    ]);
  });
});

describe("a reply's stream (GET /api/completions/:id/stream)", () => {
  it("is a 404 for a Starter user's reply outside the history window, as its chat is, and readable inside it", async () => {
    const me = await signedInUser("starter");
    const replyIn = async (hoursAgo: number) => {
      const chatId = await createChat(me.userId, `${hoursAgo} hours ago`, hoursAgo);
      const { completionId } = await storeQueuedCompletion(t.db, me.userId, "hello", { chatId });
      expect(await t.run(completionId)).toBe("done");
      // The reply's end marked the chat as just used: back to when it was.
      await t.db
        .updateTable("chat_history")
        .set({ updated_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() })
        .where("id", "=", chatId)
        .execute();
      return completionId;
    };
    const stream = (completionId: string, visitor: Visitor) =>
      outcome(() =>
        routes.stream.loader(
          args(get(`/api/completions/${completionId}/stream`, visitor), { id: completionId }),
        ),
      );
    const old = await replyIn(48);
    const recent = await replyIn(1);
    expect((await stream(old, me)).status).toBe(404);
    const readable = await stream(recent, me);
    expect(readable.status).toBe(200);
    expect(String(readable.body)).toContain("event: done");
    // The same reply, once its owner is Professional (no history window), and never for anyone else.
    await t.db.updateTable("users").set({ plan: "professional" }).where("id", "=", me.userId).execute();
    expect((await stream(old, me)).status).toBe(200);
    expect((await stream(old, await signedInUser())).status).toBe(404);
  });
});

describe("the chat layout", () => {
  it("loads the user's chats, the search, the models and the remembered sidebar mode", async () => {
    const me = await signedInUser();
    await createChat(me.userId, "Hello there");
    const request = new Request(`${BASE}/chat?q=hello`, {
      headers: { Cookie: `${me.cookie}; sidebar=collapsed` },
    });
    const answer = await outcome(() => routes.layout.loader(args(request)));
    const data = answer.body as Awaited<ReturnType<typeof routes.layout.loader>>;
    expect(data.chats?.map((c) => c.title)).toEqual(["Hello there"]);
    expect(data.q).toBe("hello");
    expect(data.sidebar).toBe("collapsed");
    expect(data.models.length).toBeGreaterThan(0);
    expect(data.settings.account.name).toBe("Tess");
  });

  it("remembers ?sidebar=collapse in the sidebar cookie and shows the same page without it", async () => {
    const me = await signedInUser();
    const answer = await outcome(() => routes.layout.loader(args(get("/chat/abc?q=x&sidebar=collapse", me))));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/chat/abc?q=x");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^sidebar=collapsed; Path=\//);

    const expand = await outcome(() => routes.layout.loader(args(get("/chat?sidebar=expand", me))));
    expect(expand.headers.get("Location")).toBe("/chat");
    expect(expand.headers.get("Set-Cookie")).toMatch(/^sidebar=expanded;/);
  });
});

/** Whether `node` is a select from `table`. */
function selectsFrom(node: RootOperationNode, table: string) {
  if (node.kind !== "SelectQueryNode") return false;
  return node.from?.froms.some((from) => TableNode.is(from) && from.table.identifier.name === table);
}

/**
 * The web's database, with `meanwhile` run (once) when a statement reading `table` has its rows and before the
 * page's next statement: another process's commit between two of the page's reads.
 */
async function withCommitBetweenReads<T>(
  table: string,
  meanwhile: () => Promise<unknown>,
  read: () => Promise<T>,
) {
  const context = routes.context.serverContext();
  const web = context.db;
  const reads = new Set<string>();
  let done = false;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (selectsFrom(node, table)) reads.add(queryId.queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (!done && reads.has(queryId.queryId)) {
        done = true;
        await meanwhile();
      }
      return result;
    },
  };
  context.db = web.withPlugin(plugin);
  try {
    const result = await read();
    expect(done).toBe(true);
    return result;
  } finally {
    context.db = web;
  }
}

describe("the chat page", () => {
  const load = async (me: Visitor, chatId: string) => {
    const answer = await onChat(routes.page.loader, get(`/chat/${chatId}`, me), chatId);
    expect(answer.status).toBe(200);
    return answer.body as Awaited<ReturnType<typeof routes.page.loader>>;
  };

  it("shows a long chat's newest 50 messages and a link to 50 more, until every one is shown", async () => {
    const { me, chat } = await userWithChat("Long");
    for (let i = 0; i < 120; i += 1)
      await addMessage(chat, me.userId, i % 2 ? "assistant" : "user", `message ${i}`, i * 1000);
    const page = async (query: string) => {
      const answer = await onChat(routes.page.loader, get(`/chat/${chat}${query}`, me), chat);
      expect(answer.status).toBe(200);
      const { messages, showEarlier } = answer.body as Awaited<ReturnType<typeof routes.page.loader>>;
      return { contents: messages.map((message) => message.content), showEarlier };
    };
    const first = await page("");
    expect(first.contents).toHaveLength(50);
    expect(first.contents[0]).toBe("message 70");
    expect(first.contents.at(-1)).toBe("message 119");
    expect(first.showEarlier).toBe("?shown=100");
    expect((await page("?shown=100")).contents[0]).toBe("message 20");
    const all = await page("?shown=150");
    expect(all.contents).toEqual(Array.from({ length: 120 }, (_, i) => `message ${i}`));
    expect(all.showEarlier).toBeNull();
  });

  it("answers a tampered 'shown' 400 with the catalogue's text", async () => {
    const { me, chat } = await userWithChat("Tampered");
    for (const bad of ["abc", "0", "-5", "1.5", "1e9", "999999999"]) {
      const answer = await onChat(routes.page.loader, get(`/chat/${chat}?shown=${bad}`, me), chat);
      expect(answer.status).toBe(400);
      expect(answer.body).toBe("That link is not valid.");
    }
  });

  it("shows a reply stored while the page is read as still coming, then stored: never neither", async () => {
    const me = await signedInUser();
    const { chatId, completionId } = await t.createCompletion(me.userId, "Hello");
    const during = await withCommitBetweenReads(
      "chat_messages",
      async () => expect(await t.run(completionId)).toBe("done"),
      () => load(me, chatId),
    );
    expect(during.messages.map((m) => m.role)).toEqual(["user"]);
    expect(during.pendingCompletionId).toBe(completionId);

    const after = await load(me, chatId);
    expect(after.messages.map((m) => [m.role, m.completion_id])).toEqual([
      ["user", null],
      ["assistant", completionId],
    ]);
    expect(after.pendingCompletionId).toBeNull();
  });
});

describe("POST /chat/:chatId/rename", () => {
  it("stores the trimmed title and goes back with 'Chat renamed'", async () => {
    const { me, chat } = await userWithChat("Old title");
    const answer = await rename(me, chat, { title: "  New title  ", redirectTo: "/chat?q=new" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/chat?q=new");
    expect(answer.headers.get("Set-Cookie")).toContain("rogue_toast=");
    expect(await titleOf(chat)).toBe("New title");
  });

  it("answers the submission (no redirect) to the in-place editors", async () => {
    const { me, chat } = await userWithChat("Old title");
    const answer = await rename(me, chat, { title: "Inline", inline: "1", source: "title-bar" });
    expect(answer.status).toBe(200);
    expect((answer.body as { status: string }).status).toBe("success");
    expect(await titleOf(chat)).toBe("Inline");
  });

  it.each([
    ["a blank title", { title: "   " }, "Chat title cannot be empty"],
    ["no title", {}, "Chat title cannot be empty"],
    ["a title over 200 characters", { title: "x".repeat(201) }, "Chat title must be at most 200 characters"],
  ])("refuses %s with 400 and says why; nothing changes", async (_, form, message) => {
    const { me, chat } = await userWithChat("Unchanged");
    const answer = await rename(me, chat, form);
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.body).title).toEqual([message]);
    expect(await titleOf(chat)).toBe("Unchanged");
  });

  it("refuses a NUL character in any form field with 400 (PostgreSQL cannot store one); nothing changes", async () => {
    const { me, chat } = await userWithChat("Unchanged");
    const answer = await rename(me, chat, { title: "Bad\u0000title" });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(messages.malformedForm);
    expect(await titleOf(chat)).toBe("Unchanged");
  });

  it("is a 404 for another user's chat, and their title stays", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const chat = await createChat(owner.userId, "Owner's title");
    const answer = await rename(intruder, chat, { title: "Hacked" });
    expect(answer.status).toBe(404);
    expect(await titleOf(chat)).toBe("Owner's title");
    const page = await onChat(routes.rename.loader, get(`/chat/${chat}/rename`, intruder), chat);
    expect(page.status).toBe(404);
  });

  it("shows the rename page with the current title and a safe way back", async () => {
    const { me, chat } = await userWithChat("Current");
    const page = await onChat(
      routes.rename.loader,
      get(`/chat/${chat}/rename?redirectTo=${encodeURIComponent("//evil.example")}`, me),
      chat,
    );
    expect(page.body).toEqual({ chat: { id: chat, title: "Current" }, redirectTo: `/chat/${chat}` });
  });
});

describe("POST /chat/:chatId/delete", () => {
  it("deletes the chat on screen and lands on the empty new chat with 'Chat deleted'", async () => {
    const { me, chat } = await userWithChat("Doomed");
    await addMessage(chat, me.userId, "user", "bye", 0);
    const answer = await onChat(
      routes.remove.action,
      post(`/chat/${chat}/delete`, me, { redirectTo: `/chat/${chat}` }),
      chat,
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/chat");
    expect(answer.headers.get("Set-Cookie")).toContain("rogue_toast=");
    expect(await titleOf(chat)).toBeUndefined();
    expect(await t.db.selectFrom("chat_messages").select("id").where("chat_id", "=", chat).execute()).toEqual(
      [],
    );
  });

  it("deleting another chat goes back where the user was", async () => {
    const me = await signedInUser();
    const open = await createChat(me.userId, "Open");
    const chat = await createChat(me.userId, "Other");
    const answer = await onChat(
      routes.remove.action,
      post(`/chat/${chat}/delete`, me, { redirectTo: `/chat/${open}` }),
      chat,
    );
    expect(answer.headers.get("Location")).toBe(`/chat/${open}`);
  });

  it("is a 404 for another user's chat, which stays", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const chat = await createChat(owner.userId, "Keep");
    const answer = await onChat(routes.remove.action, post(`/chat/${chat}/delete`, intruder, {}), chat);
    expect(answer.status).toBe(404);
    expect(await titleOf(chat)).toBe("Keep");
    const page = await onChat(routes.remove.loader, get(`/chat/${chat}/delete`, intruder), chat);
    expect(page.status).toBe(404);
  });
});

describe("GET /chat/:chatId/download", () => {
  it("sends the chat as a UTF-8 text attachment named after the title", async () => {
    const { me, chat } = await userWithChat("Café: plans/ideas");
    await addMessage(chat, me.userId, "user", "What's good?", 0);
    await addMessage(chat, me.userId, "assistant", "Pastéis de nata.", 1);
    const answer = await onChat(routes.download.loader, get(`/chat/${chat}/download`, me), chat);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Caf_ plans ideas.txt"; filename*=UTF-8''Caf%C3%A9%20plans%20ideas.txt`,
    );
    expect(answer.body).toBe("User: What's good?\n\nAssistant: Pastéis de nata.\n");
  });

  it("is a 404 for another user's chat", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const chat = await createChat(owner.userId, "Secret");
    await addMessage(chat, owner.userId, "user", "my secret", 0);
    const answer = await onChat(routes.download.loader, get(`/chat/${chat}/download`, intruder), chat);
    expect(answer.status).toBe(404);
    expect(String(answer.body)).not.toContain("my secret");
  });
});

describe("POST /chat/archive", () => {
  it("archives all the user's chats with 'Chats archived', and restores them", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    await createChat(me.userId, "Mine 1");
    await createChat(me.userId, "Mine 2");
    const theirs = await createChat(other.userId, "Theirs");

    const archived = await outcome(() =>
      routes.archive.action(
        args(post("/chat/archive", me, { intent: "archive", redirectTo: "/chat?settings=preferences" })),
      ),
    );
    expect(archived.status).toBe(302);
    expect(archived.headers.get("Location")).toBe("/chat?settings=preferences");
    const mine = () =>
      t.db.selectFrom("chat_history").select("archived_at").where("user_id", "=", me.userId).execute();
    expect((await mine()).every((row) => row.archived_at !== null)).toBe(true);
    const list = await outcome(() => routes.api.loader(args(get("/api/chats", me))));
    expect(list.body).toEqual({ chats: [] });
    const theirsRow = await t.db
      .selectFrom("chat_history")
      .select("archived_at")
      .where("id", "=", theirs)
      .executeTakeFirst();
    expect(theirsRow?.archived_at).toBeNull();

    const restored = await outcome(() =>
      routes.archive.action(
        args(post("/chat/archive", me, { intent: "restore", redirectTo: "//evil.example" })),
      ),
    );
    expect(restored.headers.get("Location")).toBe("/chat");
    expect((await mine()).every((row) => row.archived_at === null)).toBe(true);
  });

  it.each<Record<string, string>>([{}, { intent: "explode" }])(
    "answers 400 to a missing or unknown intent (%j)",
    async (form) => {
      const me = await signedInUser();
      await createChat(me.userId, "Still here");
      const answer = await outcome(() => routes.archive.action(args(post("/chat/archive", me, form))));
      expect(answer.status).toBe(400);
      expect(answer.body).toBe("Choose what to do: archive or restore.");
      const rows = await t.db
        .selectFrom("chat_history")
        .select("archived_at")
        .where("user_id", "=", me.userId)
        .execute();
      expect(rows.every((row) => row.archived_at === null)).toBe(true);
    },
  );
});
