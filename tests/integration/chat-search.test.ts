/**
 * Searching what was said (GET /chat/search) through its route, as a browser calls it, on SQLite and on
 * PostgreSQL (the suite's two projects): titles and message text, ranked, highlighted, owner-only, within a
 * Starter user's history window, and safe whatever the search holds.
 */
import { describe, expect, it } from "vitest";
import type { MessageRole } from "#db/schema";
import { messages } from "~/modules/texts/catalogue";
import { chatTexts } from "~/modules/chats/chat-messages";
import type { SearchResult } from "~/modules/chats/search.server";
import { directive, importAfterEnv, setUpTestEnv } from "../support/test-env";
import { insertChat, insertMessage } from "../support/rows";
import { args, get, outcome, sessionCookieFor, type Visitor } from "../support/route-calls";

const t = setUpTestEnv();
const routes = importAfterEnv(async () => ({ search: await import("~/routes/chat.search") }));

async function signedInUser(plan: "starter" | "professional" = "professional"): Promise<Visitor> {
  const userId = await t.createUser();
  await t.db.updateTable("users").set({ plan }).where("id", "=", userId).execute();
  return sessionCookieFor(t, userId);
}

/** A chat of `userId` titled `title`, last used `hoursAgo`, holding `said` in order (user, assistant, …). */
async function chatSaying(userId: string, title: string, said: string[], hoursAgo = 0) {
  const chatId = await insertChat(t.db, userId, title, { hoursAgo });
  for (const [index, content] of said.entries()) {
    const role: MessageRole = index % 2 === 0 ? "user" : "assistant";
    await insertMessage(t.db, chatId, userId, role, content, { offsetMs: index - said.length });
  }
  return chatId;
}

interface Answer {
  status: number;
  body: { results: SearchResult[] | null; lastResult: { error?: Record<string, string[]> } | null };
}

const search = async (visitor: Visitor, q: string | null) =>
  (await outcome(() =>
    routes.search.loader(
      args(get(q === null ? "/chat/search" : `/chat/search?q=${encodeURIComponent(q)}`, visitor)),
    ),
  )) as unknown as Answer;

const found = async (visitor: Visitor, q: string) => {
  const answer = await search(visitor, q);
  expect(answer.status).toBe(200);
  return answer.body.results ?? [];
};

/** A result's text as shown, with the marked words in [brackets]. */
const shown = (parts: { text: string; hit: boolean }[]) =>
  parts.map((part) => (part.hit ? `[${part.text}]` : part.text)).join("");

describe("GET /chat/search", () => {
  it("finds a word only in a reply's text, with the word marked in a snippet, linking to that message", async () => {
    const me = await signedInUser();
    const chatId = await chatSaying(me.userId, "Packing list", [
      "What should I take to the mountains?",
      "Take a warm jacket, and check the weather forecast before you leave.",
    ]);
    const [result, ...others] = await found(me, "WEATHER");
    expect(others).toEqual([]);
    expect(result!.chatId).toBe(chatId);
    expect(shown(result!.title)).toBe("Packing list");
    expect(result!.message!.role).toBe("assistant");
    expect(shown(result!.message!.snippet)).toContain("check the [weather] forecast");
    expect(result!.href).toBe(`/chat/${chatId}#message-${result!.message!.id}`);
  });

  it("finds the words of a title and of a reply the worker stored, and prefixes the last word", async () => {
    const me = await signedInUser();
    const { chatId, completionId } = await t.createCompletion(
      me.userId,
      `Tell me ${directive({ reply: "Lisbon's trams climb the hills of Alfama." })}`,
    );
    expect(await t.run(completionId)).toBe("done");
    await t.db
      .updateTable("chat_history")
      .set({ title: "Portugal holiday" })
      .where("id", "=", chatId)
      .execute();

    const byReply = await found(me, "tram alfam");
    expect(byReply.map((result) => result.chatId)).toEqual([]);
    const byPrefix = await found(me, "trams alf");
    expect(shown(byPrefix[0]!.message!.snippet)).toContain("[trams] climb the hills of [Alfama]");
    const byTitle = await found(me, "portugal");
    expect(byTitle.map((result) => shown(result.title))).toEqual(["[Portugal] holiday"]);
  });

  it("ranks the chat saying it most first, and opens a long chat at the matched message's page", async () => {
    const me = await signedInUser();
    const once = await chatSaying(me.userId, "Soup", ["A recipe for soup with fennel?", "Here is one."]);
    const often = await chatSaying(me.userId, "Garden", [
      "Fennel fennel fennel: how do I grow fennel?",
      "Sow fennel in spring.",
    ]);
    const filler = Array.from({ length: 120 }, (_, index) => `message ${index}`);
    const long = await chatSaying(me.userId, "Long talk", ["the kohlrabi question", ...filler]);

    const ranked = await found(me, "fennel");
    expect(ranked.map((result) => result.chatId)).toEqual([often, once]);
    const [deep] = await found(me, "kohlrabi");
    // 121 messages from the end: three pages of 50 bring it onto the page.
    expect(deep!.href).toBe(`/chat/${long}?shown=150#message-${deep!.message!.id}`);
  });

  it("never shows another user's chats, an archived chat or a replaced message", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    await chatSaying(other.userId, "Their quince jam", ["quince jam please", "Quince jam: boil it."]);
    const archived = await insertChat(t.db, me.userId, "Old quince", { archived: true });
    await insertMessage(t.db, archived, me.userId, "user", "quince again");
    const mine = await insertChat(t.db, me.userId, "Fruit");
    await insertMessage(t.db, mine, me.userId, "assistant", "quince, replaced", { replaced: true });
    expect(await found(me, "quince")).toEqual([]);
    expect((await found(other, "quince")).length).toBe(1);
  });

  it("searches a Starter user's chats within the history window only, as their list shows", async () => {
    const me = await signedInUser("starter");
    const recent = await chatSaying(me.userId, "Recent", ["about marzipan"], 2);
    await chatSaying(me.userId, "Old", ["about marzipan too"], 30);
    expect((await found(me, "marzipan")).map((result) => result.chatId)).toEqual([recent]);
    await t.db.updateTable("users").set({ plan: "professional" }).where("id", "=", me.userId).execute();
    expect(await found(me, "marzipan")).toHaveLength(2);
  });

  it("reads quotes, stars, minus signs, OR, brackets and markup as words, never as query syntax", async () => {
    const me = await signedInUser();
    const chatId = await chatSaying(me.userId, "Odd", [
      'He said "NEAR(x y)" OR not - and wrote <b>bold</b> * twice',
      "ok",
    ]);
    for (const q of [
      '"',
      '"NEAR(x',
      "*",
      "- OR (",
      "x OR",
      "NOT AND",
      "col:umn",
      "'; drop table users; --",
      "^x",
      "{}[]",
    ]) {
      const answer = await search(me, q);
      expect(answer.status, q).toBe(200);
    }
    expect((await found(me, '"near(x y)" OR')).map((result) => result.chatId)).toEqual([chatId]);
    const [markup] = await found(me, "bold");
    // PostgreSQL's headline leaves the tags out; SQLite's keeps them, as text (search-results.test.tsx).
    expect(shown(markup!.message!.snippet)).toMatch(/wrote\s+(<b>)?\[bold\]/);
  });

  it("refuses a blank or too long search with the catalogue's message, and shows only the form without one", async () => {
    const me = await signedInUser();
    const blank = await search(me, "   ");
    expect(blank.status).toBe(400);
    expect(blank.body.lastResult?.error?.q).toEqual([chatTexts.searchRequired]);
    const long = await search(me, "a".repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.lastResult?.error?.q).toEqual([messages.searchTooLong]);
    const none = await search(me, null);
    expect(none.status).toBe(200);
    expect(none.body.results).toBeNull();
  });

  it("sends a visitor without a session to sign in", async () => {
    const answer = await outcome(() => routes.search.loader(args(get("/chat/search?q=x"))));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/signin/);
  });
});
