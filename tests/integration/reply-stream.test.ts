/**
 * The chat's reply stream (GET /api/completions/:id/stream): every event's id is the reply's offset, so a
 * browser that reconnects with Last-Event-ID gets exactly the rest of the reply, from Redis while the stream
 * lives and from the database once it has expired.
 */
import { describe, expect, it } from "vitest";
import { completionStreamKey } from "#contract/jobs";
import { completionEventStream } from "~/modules/completions/relay.server";
import { resumeOffset } from "~/modules/completions/stream-ids";
import { sessionUser } from "../support/rows";
import { parseEventStream, tokenText } from "../support/sse";
import { directive, setUpTestEnv } from "../support/test-env";

const t = setUpTestEnv();

describe("the chat's reply stream", () => {
  it("resumes from Last-Event-ID with exactly the rest of the reply, live and after the stream expired", async () => {
    const { user } = await sessionUser(t.db);
    // Tokens far enough apart to reach the stream as entries of their own.
    const { completionId } = await t.createCompletion(user.id, `Resume me ${directive({ tokenMs: 30 })}`);
    await t.run(completionId);
    const expected = (await t.readStream(completionId)).text;
    const read = async (lastEventId?: string) => {
      const response = await completionEventStream(user.id, completionId, {
        signal: new AbortController().signal,
        from: resumeOffset(lastEventId ?? null),
      });
      expect(response.status).toBe(200);
      return parseEventStream(await response.text());
    };

    const whole = await read();
    expect(tokenText(whole)).toBe(expected);
    expect(whole.at(-1)!.event).toBe("done");
    const tokens = whole.filter((e) => e.event === "token");
    expect(tokens.length).toBeGreaterThan(3);
    const dropAt = tokens[2]!;
    const kept = tokenText(whole.slice(0, whole.indexOf(dropAt) + 1));
    expect(dropAt.id).toBe(String(kept.length));

    const live = await read(dropAt.id);
    expect(await t.redis.del(completionStreamKey(completionId))).toBe(1);
    const stored = await read(dropAt.id);
    for (const resumed of [live, stored]) {
      expect(kept + tokenText(resumed)).toBe(expected);
      expect(resumed.at(-1)).toMatchObject({ event: "done", id: String(expected.length) });
    }
    expect(tokenText(await read())).toBe(expected);
    expect(tokenText(await read(String(expected.length)))).toBe("");
  });
});
