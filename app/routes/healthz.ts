import { sql } from "kysely";
import { serverContext } from "~/modules/server-context.server";

/** Liveness for load balancers and the image's HEALTHCHECK: the database and Redis both answer. */
export async function loader() {
  const { db, redis } = serverContext();
  try {
    await Promise.all([sql`select 1`.execute(db), redis.ping()]);
    return Response.json({ ok: true });
  } catch {
    return Response.json({ ok: false }, { status: 503 });
  }
}
