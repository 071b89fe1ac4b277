/**
 * A web or worker process's SQLite connection leaves WAL checkpoints to a thread of its own: the process's
 * commits only append to the WAL, the thread copies them into the database file, and closing the database
 * ends the thread and leaves no WAL behind.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../database";
import { BACKSTOP_CHECKPOINT_PAGES, startWalCheckpointer } from "./wal-checkpointer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "wal-checkpointer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = 200;
const ROW_BYTES = 2_000;

async function writeRows(db: ReturnType<typeof createDatabase>) {
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  for (let i = 0; i < ROWS; i++)
    await sql`insert into notes (body) values (${"x".repeat(ROW_BYTES)})`.execute(db);
}

describe("background WAL checkpoints", () => {
  it("copies the process's commits into the database file while its own connection only appends to the WAL", async () => {
    const file = path.join(dir, "background.db");
    const failures: Error[] = [];
    const db = createDatabase(`file:${file}`, {
      backgroundCheckpoints: { onError: (error) => failures.push(error) },
    });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows).toEqual([{ wal_autocheckpoint: BACKSTOP_CHECKPOINT_PAGES }]);
      await writeRows(db);
      // Far below the backstop: only the thread can have put the rows into the database file.
      await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(ROWS * ROW_BYTES);
      const { rows: count } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
      expect(count).toEqual([{ n: ROWS }]);
      expect(failures).toEqual([]);
    } finally {
      await db.destroy();
    }
    // The thread's connection is closed too: the last connection to close removes the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it("lets a script that closes its database exit only once the thread has closed its connection", () => {
    const file = path.join(dir, "script.db");
    const script = `
      import { createDatabase } from "#db/database";
      import { sql } from "kysely";
      const db = createDatabase("file:${file}", { backgroundCheckpoints: { onError: (error) => console.log(error.message) } });
      await sql\`create table notes (body text)\`.execute(db);
      await db.destroy();
      console.log("closed");
    `;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(out.trim()).toBe("closed");
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it("leaves checkpoints to SQLite when the database is not opened for it", async () => {
    const file = path.join(dir, "default.db");
    const db = createDatabase(`file:${file}`);
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows).toEqual([{ wal_autocheckpoint: 1000 }]);
    } finally {
      await db.destroy();
    }
  });

  it("reports a database it cannot checkpoint, and still stops", async () => {
    const file = path.join(dir, "garbage.db");
    writeFileSync(file, "this is not a database, and it is long enough to have a header ".repeat(20));
    const failures: Error[] = [];
    const checkpointer = startWalCheckpointer(file, (error) => failures.push(error), 10);
    await expect
      .poll(() => failures.map((error) => error.message))
      .toEqual([`WAL checkpoint of ${file} failed: file is not a database`]);
    await checkpointer.stop();
  });
});
