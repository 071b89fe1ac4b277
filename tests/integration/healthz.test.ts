/** /healthz says ready only when the database, Redis and the queue answer, and names what does not. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverContext } from "~/modules/server-context.server";
import { loader } from "~/routes/healthz";
import { createTestEnv, type TestEnv } from "../support/test-env";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.close());

describe("/healthz", () => {
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
  });
});
