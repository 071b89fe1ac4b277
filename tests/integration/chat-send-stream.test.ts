/**
 * The chat page's script sends a request that starts a reply to POST /api/chat-send/:chatId?, which decides it
 * as the form's own action does and answers an accepted one with the reply's event stream, opened by an
 * `accepted` event naming the chat's page; every other outcome is JSON. One request both sends and streams,
 * so the first token waits for no second round trip. It is an ordinary resource route
 * (app/routes/api.chat-send.($chatId).ts), called here as Remix calls its action.
 */
import { v7 as uuidv7 } from "uuid";
import { completionStreamKey } from "#contract/jobs";
import { describe, expect, it } from "vitest";
import { messages } from "~/modules/texts/catalogue";
import { webMetrics } from "~/utils/metrics.server";
import { serveResourceRoute } from "../support/resource-route";
import { outcome, post, sessionCookieFor, type Visitor } from "../support/route-calls";
import { insertChat, insertUser, rowWhere } from "../support/rows";
import { parseEventStream, tokenText } from "../support/sse";
import { importAfterEnv, setUpTestEnv, setUpWorker } from "../support/test-env";

const t = setUpTestEnv();
setUpWorker(2);
const route = importAfterEnv(() => import("~/routes/api.chat-send.($chatId)"));

async function signedIn(): Promise<Visitor> {
  return sessionCookieFor(t, await insertUser(t.db, { plan: "professional" }));
}

/** The route's action, with the request and the URL's chat as Remix passes them. */
const act = (request: Request, chatId?: string) =>
  route.action({ request, params: chatId ? { chatId } : {}, context: { clientIp: "127.0.0.1" } });

const send = (visitor: Visitor | null, form: Record<string, string>, chatId?: string) =>
  act(post(`/api/chat-send${chatId ? `/${chatId}` : ""}`, visitor, form), chatId);

const openStreams = async () => (await webMetrics().openStreams.get()).values[0]?.value ?? 0;

const completionsOf = (userId: string) =>
  t.db.selectFrom("completions").select("id").where("user_id", "=", userId).execute();

describe("POST /api/chat-send", () => {
  it("answers an accepted send with its reply's stream: the chat's page first, then the reply as stored", async () => {
    const me = await signedIn();
    const requestId = uuidv7();
    const response = await send(me, { intent: "send", content: "Stream it back", requestId });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const events = parseEventStream(await response.text());

    const completion = await rowWhere(t.db, "completions", "id", requestId);
    expect(events[0]).toEqual({
      event: "accepted",
      data: JSON.stringify({ location: `/chat/${completion.chat_id}` }),
    });
    expect(events[0]!.id).toBeUndefined();
    expect(events.at(-1)!.event).toBe("done");
    const reply = await rowWhere(t.db, "chat_messages", "completion_id", requestId);
    expect(tokenText(events)).toBe(reply.content);
    expect(events.at(-1)!.id).toBe(String(reply.content.length));
  });

  it("sends into an open chat, and a repeat of the same request streams the same reply", async () => {
    const me = await signedIn();
    const chatId = await insertChat(t.db, me.userId, "Open chat");
    const form = { intent: "send", content: "Twice, once", requestId: uuidv7() };
    const first = parseEventStream(await (await send(me, form, chatId)).text());
    const again = parseEventStream(await (await send(me, form, chatId)).text());
    for (const events of [first, again]) {
      expect(events[0]!.data).toBe(JSON.stringify({ location: `/chat/${chatId}` }));
      expect(events.at(-1)!.event).toBe("done");
    }
    expect(tokenText(again)).toBe(tokenText(first));
    expect(await completionsOf(me.userId)).toHaveLength(1);
  });

  it("answers a repeat whose reply's stream has expired with the stored reply", async () => {
    const me = await signedIn();
    const form = { intent: "send", content: "Once, then later", requestId: uuidv7() };
    const first = parseEventStream(await (await send(me, form)).text());
    expect(first.at(-1)!.event).toBe("done");
    // As STREAM_TTL_SECONDS after the reply: only the database has it.
    await t.redis.del(completionStreamKey(form.requestId));
    const again = parseEventStream(await (await send(me, form)).text());
    expect(again.map((event) => event.event)).toEqual(["accepted", "token", "done"]);
    expect(tokenText(again)).toBe(tokenText(first));
    expect(await completionsOf(me.userId)).toHaveLength(1);
  });

  it("carries a quick action's toast with the stream", async () => {
    const me = await signedIn();
    const response = await send(me, { intent: "quick-action", action: "summarize", requestId: uuidv7() });
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Set-Cookie")).toMatch(/^rogue_toast=/);
    expect(parseEventStream(await response.text()).at(-1)!.event).toBe("done");
  });

  it("answers a refused send with the form's errors as JSON, and stores nothing", async () => {
    const me = await signedIn();
    const answer = await outcome(() => send(me, { intent: "send", content: "   ", requestId: uuidv7() }));
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect((answer.body as { error: Record<string, string[]> }).error.content).toEqual([
      messages.messageRequired,
    ]);
    expect(await completionsOf(me.userId)).toHaveLength(0);
  });

  it("sends a signed-out visitor to sign in with the chat as the way back", async () => {
    const answer = await outcome(() => send(null, { intent: "send", content: "Hello", requestId: uuidv7() }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ location: `/signin?${new URLSearchParams({ redirectTo: "/chat" })}` });
    expect(answer.headers.get("Set-Cookie")).toMatch(/^rogue_toast=/);

    const chatId = uuidv7();
    const inChat = await outcome(() =>
      send(null, { intent: "send", content: "Hello", requestId: uuidv7() }, chatId),
    );
    expect(inChat.body).toEqual({
      location: `/signin?${new URLSearchParams({ redirectTo: `/chat/${chatId}` })}`,
    });
  });

  it("answers 404 for someone else's chat, and stores nothing", async () => {
    const owner = await signedIn();
    const chatId = await insertChat(t.db, owner.userId, "Not yours");
    const other = await signedIn();
    const answer = await outcome(() =>
      send(other, { intent: "send", content: "Hi", requestId: uuidv7() }, chatId),
    );
    expect(answer.status).toBe(404);
    expect(await completionsOf(other.userId)).toHaveLength(0);
  });

  it("answers 404 through Remix for someone else's chat and for one that does not exist", async () => {
    const served = serveResourceRoute("api/chat-send/:chatId?", route);
    const owner = await signedIn();
    const theirs = await insertChat(t.db, owner.userId, "Not yours");
    const other = await signedIn();
    const forms: Record<string, string>[] = [
      { intent: "send", content: "Hi" },
      { intent: "regenerate", questionId: uuidv7() },
      { intent: "edit", content: "Hi again", questionId: uuidv7() },
      { intent: "branch", messageId: uuidv7() },
      { intent: "quick-action", action: "summarize" },
    ];
    for (const chatId of [theirs, uuidv7(), "no-such-chat"])
      for (const form of forms) {
        const response = await served(
          post(`/api/chat-send/${chatId}`, other, { ...form, requestId: uuidv7() }),
        );
        expect(`${form.intent} ${response.status}`).toBe(`${form.intent} 404`);
      }
    expect(await completionsOf(other.userId)).toHaveLength(0);
  });

  it("ends at once, following nothing, when the browser left while the reply was opened", async () => {
    const me = await signedIn();
    const left = new AbortController();
    const request = new Request(
      post("/api/chat-send", me, { intent: "send", content: "Gone", requestId: uuidv7() }),
      {
        signal: left.signal,
      },
    );
    const response = await act(request);
    left.abort();
    const openBefore = await openStreams();
    expect(await response.text()).toBe("");
    expect(await openStreams()).toBe(openBefore);
  });
});
