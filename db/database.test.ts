/**
 * SQLite statements wait for another connection's write lock asynchronously: refused with SQLITE_BUSY, they
 * are tried again after a pause in which the process goes on, until a deadline; other errors go up at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "./database";
import { BUSY_PAUSES_MS, retryWhileBusy } from "./sqlite/dialect";

const busy = (code = "SQLITE_BUSY") => Object.assign(new Error("database is locked"), { code });

/** A statement that fails with `errors` in turn, then answers "done"; counts its calls. */
function failing(...errors: Error[]) {
  const run = async () => {
    run.calls += 1;
    const error = errors.shift();
    if (error) throw error;
    return "done";
  };
  run.calls = 0;
  return run;
}

describe("retryWhileBusy", () => {
  it("tries a statement again while the lock is busy, pausing longer each time, and returns its result", async () => {
    const pauses: number[] = [];
    const run = failing(busy(), busy("SQLITE_BUSY_RECOVERY"), busy(), busy());
    await expect(retryWhileBusy(run, { pause: async (ms) => void pauses.push(ms) })).resolves.toBe("done");
    expect(run.calls).toBe(5);
    expect(pauses).toEqual(BUSY_PAUSES_MS.slice(0, 4));
  });

  it("gives up with the database's error once the wait reaches its deadline", async () => {
    let clock = 0;
    const run = failing(...Array.from({ length: 100 }, () => busy()));
    const waiting = retryWhileBusy(run, {
      pause: async (ms) => void (clock += Math.max(ms, 1)),
      timeoutMs: 50,
      now: () => clock,
    });
    await expect(waiting).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    expect(clock).toBeGreaterThanOrEqual(50);
    expect(run.calls).toBeLessThan(100);
  });

  it("does not try other errors again", async () => {
    const run = failing(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" }));
    await expect(retryWhileBusy(run)).rejects.toMatchObject({ code: "SQLITE_IOERR" });
    expect(run.calls).toBe(1);
  });
});

describe("a write while another connection holds the lock", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "rogue-busy-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("waits without stalling the process, then lands once the lock is released", async () => {
    const file = path.join(dir, "busy.sqlite");
    const db = createDatabase(`file:${file}`);
    await sql`create table notes (text text not null)`.execute(db);
    // Another process's writer, as the worker is to the web: it holds the write lock until it commits.
    const other = new SQLite(file);
    other.exec("begin immediate; insert into notes values ('first')");

    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    const write = db
      .insertInto("notes" as never)
      .values({ text: "second" } as never)
      .execute();
    try {
      await expect.poll(() => turns, { timeout: 2_000 }).toBeGreaterThanOrEqual(5);
      other.exec("commit");
      await write;
    } finally {
      clearInterval(ticker);
      other.close();
    }
    const rows = await sql<{ text: string }>`select text from notes order by rowid`.execute(db);
    expect(rows.rows.map((row) => row.text)).toEqual(["first", "second"]);
    await db.destroy();
  });
});
