import { sql } from "kysely";
import { readyRedis, serverContext } from "~/modules/server-context.server";

/**
 * Readiness for load balancers, the supervisor and the image's HEALTHCHECK: ready only when the database,
 * Redis and the completion queue all really answer now (no cached answer). The first request after start
 * finds Redis still connecting: it waits for the connection briefly (readyRedis) rather than report a
 * healthy Redis as down.
 */
export async function loader() {
  const { db, queue } = serverContext();
  const checks = {
    database: sql`select 1`.execute(db),
    redis: readyRedis().then((redis) => redis.ping()),
    queue: queue.getJobCounts("waiting"),
  };
  const results = await Promise.allSettled(Object.values(checks));
  const failing = Object.keys(checks).filter((_, index) => results[index]!.status === "rejected");
  return Response.json(failing.length ? { ok: false, failing } : { ok: true }, {
    status: failing.length ? 503 : 200,
    headers: { "Cache-Control": "no-store" },
  });
}
