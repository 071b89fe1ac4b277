/** GET /api/events: admin changes reach open pages over one event stream, each page only what concerns it. */
import { describe, expect, it } from "vitest";
import { args, get, outcome, sessionCookieFor } from "../support/route-calls";
import { setUpTestEnv, importAfterEnv } from "../support/test-env";

const t = setUpTestEnv();
const route = importAfterEnv(() => import("~/routes/api.events"));
const publish = importAfterEnv(() => import("~/modules/realtime/publish.server"));

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
