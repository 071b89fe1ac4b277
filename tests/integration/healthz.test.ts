/** /healthz says ready only when the database, Redis and the queue answer, and names what does not. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/modules/errors/catalogue";
import { closeServerContext, readyRedis, serverContext } from "~/modules/server-context.server";
import { loader } from "~/routes/healthz";
import { createTestEnv, type TestEnv } from "../support/test-env";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.close());

describe("/healthz", () => {
  it("answers truly on the very first request after start, before Redis has connected", async () => {
    // A fresh process: the first request creates the connections; they are still connecting as it asks.
    await closeServerContext();
    const first = await loader();
    expect(await first.json()).toEqual({ ok: true });
    expect(first.status).toBe(200);
  });

  it("is ready when everything answers, and 503 naming Redis and the queue when Redis is gone", async () => {
    await serverContext().queue.waitUntilReady();
    const ready = await loader();
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });

    serverContext().redis.disconnect();
    await serverContext().queue.disconnect();
    const down = await loader();
    expect(down.status).toBe(503);
    const body = (await down.json()) as { ok: boolean; failing: string[] };
    expect(body.ok).toBe(false);
    expect(body.failing).toEqual(expect.arrayContaining(["redis", "queue"]));
    expect(body.failing).not.toContain("database");

    // What the rate limits and the send path do meanwhile: 503 with the catalogue's text, not a 500.
    const refusal = await readyRedis().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(503);
    expect(await (refusal as Response).text()).toBe(messages.serviceUnavailable);
  });
});
