/** Beginning a SQLite write transaction retries SQLITE_BUSY a bounded number of times, and nothing else. */
import { describe, expect, it } from "vitest";
import { BEGIN_RETRY_DELAYS_MS, beginImmediate } from "./database";

const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

/** A `begin` that fails with `errors` in turn, then succeeds; counts its calls. */
function beginFailing(...errors: Error[]) {
  const begin = async () => {
    begin.calls += 1;
    const error = errors.shift();
    if (error) throw error;
  };
  begin.calls = 0;
  return begin;
}

const noPause = async () => undefined;

describe("begin immediate", () => {
  it("tries again after SQLITE_BUSY, and the transaction begins", async () => {
    const begin = beginFailing(busy(), Object.assign(busy(), { code: "SQLITE_BUSY_SNAPSHOT" }));
    await beginImmediate(begin, noPause);
    expect(begin.calls).toBe(3);
  });

  it("gives up after a bounded number of attempts with the database's error", async () => {
    const pauses: number[] = [];
    const begin = beginFailing(...Array.from({ length: 50 }, busy));
    await expect(beginImmediate(begin, async (ms) => void pauses.push(ms))).rejects.toMatchObject({
      code: "SQLITE_BUSY",
    });
    expect(begin.calls).toBe(BEGIN_RETRY_DELAYS_MS.length + 1);
    expect(pauses).toEqual(BEGIN_RETRY_DELAYS_MS);
  });

  it("does not retry other errors", async () => {
    const begin = beginFailing(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" }));
    await expect(beginImmediate(begin, noPause)).rejects.toMatchObject({ code: "SQLITE_IOERR" });
    expect(begin.calls).toBe(1);
  });
});
