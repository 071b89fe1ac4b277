/**
 * A Redis that stalls with its connection open (here a redis-server of the test's own, paused with SIGSTOP;
 * never the shared one) must not hang requests: /healthz, a send and a sign-in each answer 503 with the
 * catalogue's text within seconds, and a send the client was refused is not carried out once Redis is back.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#scripts/free-port";
import { pingOnce } from "#server/redis";
import { SendRefusedError, sendMessage } from "~/modules/completions/completions.server";
import { REDIS_COMMAND_TIMEOUT_MS, serverContext } from "~/modules/server-context.server";
import { messages } from "~/modules/texts/catalogue";
import { loader as healthz } from "~/routes/healthz";
import { hashPassword } from "~/modules/auth/password.server";
import { args, BASE } from "../support/route-calls";
import { sessionUser } from "../support/rows";
import { importAfterEnv, setUpTestEnv } from "../support/test-env";
import { until } from "../support/web-process";

let server: ChildProcess;
beforeAll(async () => {
  const port = await freePort();
  server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  const answers = () =>
    pingOnce(url).then(
      () => true,
      () => false,
    );
  await until(answers, "the test's redis-server");
  process.env.REDIS_URL = url;
});
afterAll(() => {
  server.kill("SIGCONT");
  server.kill("SIGKILL");
});

const t = setUpTestEnv();
const signin = importAfterEnv(() => import("~/routes/_public.signin"));

/** What `run` answered (or threw) and how long it took. */
async function timed<T>(run: () => Promise<T>): Promise<{ value: unknown; ms: number }> {
  const started = performance.now();
  const value = await run().catch((error: unknown) => error);
  return { value, ms: performance.now() - started };
}

/** Well within "a few seconds", and far from a hang. */
const BOUND_MS = REDIS_COMMAND_TIMEOUT_MS + 3_000;

describe("a stalled Redis", () => {
  it("gets a 503 with the catalogue's text within seconds, and a refused send is not carried out later", async () => {
    await serverContext().queue.waitUntilReady();
    expect((await healthz()).status).toBe(200);
    const session = await sessionUser(t.db, { plan: "professional" });
    await t.db
      .updateTable("users")
      .set({ password_hash: await hashPassword("a-good-password-1") })
      .where("id", "=", session.user.id)
      .execute();

    server.kill("SIGSTOP");
    try {
      const health = await timed(() => healthz());
      expect(health.ms).toBeLessThan(BOUND_MS);
      expect((health.value as Response).status).toBe(503);

      const requestId = uuidv7();
      const send = await timed(() => sendMessage(session, { content: "are you there?", requestId }, null));
      expect(send.ms).toBeLessThan(BOUND_MS);
      expect(send.value).toBeInstanceOf(SendRefusedError);
      expect(send.value).toMatchObject({ status: 503, message: messages.serviceUnavailable });

      const form = new URLSearchParams({ email: session.user.email, password: "a-good-password-1" });
      const request = new Request(`${BASE}/signin`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      const signedIn = await timed(() => signin.action(args(request) as never));
      expect(signedIn.ms).toBeLessThan(BOUND_MS);
      expect((signedIn.value as Response).status).toBe(503);
      expect(await (signedIn.value as Response).text()).toBe(messages.serviceUnavailable);

      server.kill("SIGCONT");
      // The paused queue.add may still land once Redis answers again; the request was withdrawn, so the
      // job finds nothing to do: no reply, no charge.
      expect((await healthz()).status).toBe(200);
      expect(await t.run(requestId)).toBe("missing");
      const stored = await t.db
        .selectFrom("usage_events")
        .select("completion_id")
        .where("user_id", "=", session.user.id)
        .execute();
      expect(stored).toEqual([]);
    } finally {
      server.kill("SIGCONT");
    }
  });
});
