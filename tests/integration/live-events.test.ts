/** GET /api/events: admin changes reach open pages over one event stream, each page only what concerns it. */
import { describe, expect, it } from "vitest";
import {
  args,
  get,
  outcome,
  post,
  sessionCookieFor,
  visitorWith,
  type Visitor,
} from "../support/route-calls";
import { setUpTestEnv, importAfterEnv } from "../support/test-env";

const t = setUpTestEnv();
const route = importAfterEnv(() => import("~/routes/api.events"));
const publish = importAfterEnv(() => import("~/modules/realtime/publish.server"));
const userScreen = importAfterEnv(() => import("~/routes/admin.users.$userId"));
const texts = importAfterEnv(() => import("~/modules/texts/catalogue"));

/** Reads the stream until `until` appears in it. */
async function readUntil(body: ReadableStream<Uint8Array>, until: string): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(until)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

describe("GET /api/events", () => {
  it("answers 401 without a session", async () => {
    expect((await outcome(() => route.loader(args(get("/api/events"))))).status).toBe(401);
  });

  it("relays a vendor switch to every page, and a ban only to the banned user's pages", async () => {
    const me = await sessionCookieFor(t, await t.createUser());
    const controller = new AbortController();
    const request = new Request("http://localhost/api/events", {
      headers: { Cookie: me.cookie },
      signal: controller.signal,
    });
    const response = (await route.loader(args(request))) as Response;
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    const body = response.body!;
    await readUntil(body, ": connected");
    const { serverContext } = await import("~/modules/server-context.server");
    const redis = serverContext().redis;
    // The subscription is made on the first open stream; publish until it is listening.
    const received = readUntil(body, "event: user-banned");
    const timer = setInterval(() => {
      // A publish that fails is simply sent again on the next tick.
      const retryLater = () => undefined;
      publish.publishEvent(redis, { type: "user-banned", userId: "someone-else" }).catch(retryLater);
      publish.publishEvent(redis, { type: "vendor-changed", displayName: "Novita AI" }).catch(retryLater);
      publish.publishEvent(redis, { type: "user-banned", userId: me.userId }).catch(retryLater);
    }, 50);
    const text = await received;
    clearInterval(timer);
    controller.abort();
    expect(text).toContain(
      'event: vendor-changed\ndata: {"type":"vendor-changed","displayName":"Novita AI"}',
    );
    expect(text).not.toContain("someone-else");
  });
});

/** Opens the visitor's event stream as their page does; `close` aborts it as the browser leaving does. */
async function openEvents(visitor: Visitor) {
  const controller = new AbortController();
  const request = new Request("http://localhost/api/events", {
    headers: { Cookie: visitor.cookie },
    signal: controller.signal,
  });
  const response = await route.loader(args(request));
  return { response, close: () => controller.abort() };
}

/** Reads the stream to its end (the server closed it); resolves to all it said. */
async function readToEnd(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
  return text;
}

describe("GET /api/events for a banned user", () => {
  it("ends the user's open streams when they are banned, and refuses to open another", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const me = await sessionCookieFor(t, await t.createUser());
    const page = await openEvents(me);
    expect(page.response.status).toBe(200);
    const body = page.response.body!;
    // The subscription is made on the first open stream: wait until it hears a live event.
    const { serverContext } = await import("~/modules/server-context.server");
    const heard = readUntil(body, "event: models-updated");
    const timer = setInterval(() => {
      publish.publishEvent(serverContext().redis, { type: "models-updated" }).catch(() => undefined);
    }, 50);
    await heard;
    clearInterval(timer);

    const ban = await outcome(() =>
      userScreen.action(
        args(post(`/admin/users/${me.userId}`, admin, { intent: "ban" }), { userId: me.userId }),
      ),
    );
    expect(ban.status).toBe(302);
    expect(await readToEnd(body)).toContain(
      `event: user-banned\ndata: {"type":"user-banned","userId":"${me.userId}"}`,
    );
    expect((await openEvents(me)).response.status).toBe(401);
  });
});

describe("GET /api/events streams per user", () => {
  it("lets one user hold ten at once; the eleventh is 429 with the catalogue's text until one closes", async () => {
    const me = await sessionCookieFor(t, await t.createUser());
    const pages = [];
    for (let i = 0; i < 10; i++) pages.push(await openEvents(me));
    expect(pages.map((page) => page.response.status)).toEqual(Array(10).fill(200));

    const refused = (await openEvents(me)).response;
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(texts.messages.tooManyLivePages);
    // Another user is not held back by this one.
    const other = await openEvents(await sessionCookieFor(t, await t.createUser()));
    expect(other.response.status).toBe(200);

    pages[0]!.close();
    const again = await openEvents(me);
    expect(again.response.status).toBe(200);
    for (const page of [...pages, other, again]) page.close();
  });
});
