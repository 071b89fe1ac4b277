/** The dashboard: real counts, the queue and its live workers, and each vendor's last hour. */
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { args, get, outcome, visitorWith } from "../support/route-calls";
import { setUpTestEnv, importAfterEnv, setUpWorker } from "../support/test-env";

const t = setUpTestEnv();
const route = importAfterEnv(() => import("~/routes/admin._index"));
setUpWorker(1);

async function recordAttempts(vendor: string, outcomes: string[], ttftsMs: number[]) {
  const userId = await t.createUser();
  for (const [index, ttft] of ttftsMs.entries()) {
    const { completionId } = await t.createCompletion(userId, `q${index}`);
    const created = await t.db
      .selectFrom("completions")
      .select("created_at")
      .where("id", "=", completionId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("completions")
      .set({
        vendor,
        status: "done",
        first_token_at: new Date(Date.parse(created.created_at) + ttft).toISOString(),
      })
      .where("id", "=", completionId)
      .execute();
    await t.db
      .insertInto("completion_attempts")
      .values({
        completion_id: completionId,
        vendor,
        outcome: outcomes[index] ?? "ok",
        http_status: null,
        latency_ms: ttft,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}

describe("the admin dashboard", () => {
  it("shows queue counts, this worker process, and a vendor's error rate and TTFT percentiles", async () => {
    await recordAttempts("novita", ["ok", "ok", "ok", "http"], [100, 200, 300, 1000]);
    const admin = await visitorWith(t, ["admin"]);
    const answer = await outcome(() => route.loader(args(get("/admin", admin))));
    expect(answer.status).toBe(200);
    const body = answer.body as Awaited<ReturnType<typeof route.loader>>;
    expect(body.stats.userCount).toBeGreaterThan(0);
    expect(body.queues?.map((queue) => queue.queue)).toEqual(["completion", "vendor-check"]);
    expect(body.workers).toContainEqual(
      expect.objectContaining({ host: hostname(), pid: String(process.pid) }),
    );
    const novita = body.vendors.find((vendor) => vendor.name === "novita");
    expect(novita?.health).toEqual({
      vendor: "novita",
      attempts: 4,
      errors: 1,
      errorRate: 0.25,
      ttftP50Ms: 200,
      ttftP95Ms: 1000,
    });
  });
});
