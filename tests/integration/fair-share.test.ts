/**
 * One user cannot starve the others (docs/product.md §4, ADR 0017): a cap on each account's replies in
 * flight, chat and API together, and a queue a worker takes round robin across users rather than first come,
 * first served. Real SQLite, Redis, BullMQ and a worker process's code, with the mock vendor.
 */
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { askFromApi, SendRefusedError, sendMessage } from "~/modules/completions/completions.server";
import { messages } from "~/modules/texts/catalogue";
import { startWorker } from "#worker/index";
import { createApiKey } from "~/modules/api/api-keys.server";
import { sessionUser } from "../support/rows";
import { directive, setUpTestEnv } from "../support/test-env";

const PROFESSIONAL_CAP = 4;
process.env.PROFESSIONAL_REPLIES_IN_FLIGHT = String(PROFESSIONAL_CAP);

const t = setUpTestEnv();

const professional = () => sessionUser(t.db, { plan: "professional" });

/** A reply of a few tokens, slow enough that runs one after another never share a millisecond. */
const REPLY = `hello ${directive({ ttftMs: 5, tokenMs: 2 })}`;

const send = (session: SessionUser, content = REPLY) =>
  sendMessage(session, { content, requestId: uuidv7() }, null);

const ask = (session: SessionUser, apiKeyId: string) =>
  askFromApi(session, {
    requestId: uuidv7(),
    modelId: "dolphin-mixtral-8x22b",
    turns: [{ role: "user", content: REPLY }],
    temperature: 0.7,
    maxTokens: null,
    apiKeyId,
  });

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "queued",
    (error: unknown) => (error instanceof SendRefusedError ? error : Promise.reject(error)),
  );

describe("a fair share of the workers", () => {
  it("refuses a reply beyond the plan's replies in flight, chat and API together, with the catalogue's 429", async () => {
    const session = await professional();
    const { id: apiKeyId } = await createApiKey(t.db, session.user, "cap test");
    const tries = await Promise.all([
      ...Array.from({ length: 3 }, () => outcome(send(session))),
      ...Array.from({ length: 3 }, () => outcome(ask(session, apiKeyId))),
    ]);
    expect(tries.filter((r) => r === "queued")).toHaveLength(PROFESSIONAL_CAP);
    const refused = tries.filter((r): r is SendRefusedError => r instanceof SendRefusedError);
    expect(refused).toHaveLength(2);
    for (const refusal of refused) {
      expect(refusal).toMatchObject({ status: 429, reason: "inFlight" });
      expect(refusal.message).toBe(messages.repliesInFlight(PROFESSIONAL_CAP));
    }
    const queued = await t.db
      .selectFrom("completions")
      .select("id")
      .where("user_id", "=", session.user.id)
      .execute();
    expect(queued).toHaveLength(PROFESSIONAL_CAP);

    // A finished reply frees its place.
    expect(await t.run(queued[0]!.id)).toBe("done");
    expect(await outcome(send(session))).toBe("queued");
    expect(await outcome(send(session))).toBeInstanceOf(SendRefusedError);
  });

  it("gives every user's first waiting reply to the worker before anyone's second", async () => {
    await t.queue.obliterate({ force: true });
    const [flooder, second, third] = await Promise.all([professional(), professional(), professional()]);
    const flood = [];
    for (let i = 0; i < PROFESSIONAL_CAP; i++) flood.push(await send(flooder));
    const other = await send(second);
    const thirdOnes = [await send(third), await send(third)];

    const worker = await startWorker({ concurrency: 1 });
    try {
      const ids = [...flood, other, ...thirdOnes].map((sent) => sent.completionId);
      const done = async () => {
        const rows = await t.db
          .selectFrom("completions")
          .select(["id", "status", "started_at"])
          .where("id", "in", ids)
          .orderBy("started_at")
          .execute();
        return rows.every((row) => row.status === "done") ? rows.map((row) => row.id) : null;
      };
      await expect.poll(done, { timeout: 30_000 }).not.toBeNull();
      // First come, first served would run the flood's four first.
      expect(await done()).toEqual([
        flood[0]!.completionId,
        other.completionId,
        thirdOnes[0]!.completionId,
        flood[1]!.completionId,
        thirdOnes[1]!.completionId,
        flood[2]!.completionId,
        flood[3]!.completionId,
      ]);
    } finally {
      await worker.close();
    }
  });
});
