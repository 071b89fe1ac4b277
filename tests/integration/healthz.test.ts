/**
 * /healthz says ready only when the database, Redis and the queue answer, and names what does not; during a
 * Redis outage the routes that need Redis answer 503 with the catalogue's text rather than 500.
 */
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { stopReply } from "~/modules/completions/completions.server";
import { completionEventStream } from "~/modules/completions/relay.server";
import { messages } from "~/modules/texts/catalogue";
import { completionStreamKey } from "#contract/jobs";
import { closeServerContext, readyRedis, serverContext } from "~/modules/server-context.server";
import { loader } from "~/routes/healthz";
import { sessionUser } from "../support/rows";
import { setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();

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
    const session = await sessionUser(t.db);
    const owner = session.user;
    const queued = await t.createCompletion(owner.id, "still queued");
    const finished = await t.createCompletion(owner.id, "answered");
    await t.db
      .updateTable("completions")
      .set({ status: "done" })
      .where("id", "=", finished.completionId)
      .execute();
    await t.redis.xadd(completionStreamKey(finished.completionId), "*", "type", "done");
    const ready = await loader();
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });

    // Redis is gone once the connection has ended for good, not merely been asked to close.
    const ended = once(serverContext().redis, "end");
    serverContext().redis.disconnect();
    await Promise.all([ended, serverContext().queue.disconnect()]);
    const down = await loader();
    expect(down.status).toBe(503);
    const body = (await down.json()) as { ok: boolean; failing: string[] };
    expect(down.headers.get("Cache-Control")).toBe("no-store");
    expect(body.ok).toBe(false);
    expect(body.failing).toEqual(expect.arrayContaining(["redis", "queue"]));
    expect(body.failing).not.toContain("database");

    // What the rate limits and the send path do meanwhile: 503 with the catalogue's text, not a 500.
    const refusal = await readyRedis().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(503);
    expect(await (refusal as Response).text()).toBe(messages.serviceUnavailable);

    // Stopping a reply, and reading a finished one that still has its stream, answer the same way.
    for (const attempt of [
      () => stopReply(session, queued.chatId, queued.completionId),
      () => completionEventStream(owner.id, finished.completionId, { signal: new AbortController().signal }),
    ]) {
      const outcome = await attempt().catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(Response);
      expect((outcome as Response).status).toBe(503);
      expect(await (outcome as Response).text()).toBe(messages.serviceUnavailable);
    }
  });
});
