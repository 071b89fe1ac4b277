/**
 * `--profile DIR`: loaded into the web and worker processes through NODE_OPTIONS (`--import`), since Node 20
 * refuses --cpu-prof there. When the process exits (stack.ts stops them with SIGTERM and they exit normally)
 * it writes into DIR:
 *   <script>-<pid>.cpuprofile  a V8 CPU profile of the whole process (Chrome DevTools, or profile-summary.ts)
 *   <script>-<pid>.sql.json    per SQL statement: calls, total and slowest time in SQLite (better-sqlite3 is
 *                              synchronous, so this is time the event loop was held, waits for locks included)
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import Database from "better-sqlite3";

const dir = process.env.BENCH_PROFILE_DIR;

export interface SqlTiming {
  sql: string;
  calls: number;
  totalMs: number;
  maxMs: number;
}

function timeStatements(): Map<string, SqlTiming> {
  const timings = new Map<string, SqlTiming>();
  const note = (sql: string, ms: number) => {
    const timing = timings.get(sql) ?? { sql, calls: 0, totalMs: 0, maxMs: 0 };
    timing.calls += 1;
    timing.totalMs += ms;
    timing.maxMs = Math.max(timing.maxMs, ms);
    timings.set(sql, timing);
  };
  const probe = new Database(":memory:");
  const statement = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, unknown>;
  probe.close();
  for (const method of ["run", "all", "get"]) {
    const original = statement[method] as (...args: unknown[]) => unknown;
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        note(this.source, performance.now() - started);
      }
    };
  }
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: Database.Database, sql: string) {
    const started = performance.now();
    try {
      return prepare.call(this, sql);
    } finally {
      note(`(prepare) ${sql}`, performance.now() - started);
    }
  } as typeof prepare;
  return timings;
}

if (dir) {
  // worker/main.ts → worker-main-<pid>, build/server/web.js → build-server-web.js-<pid>
  const script = path.relative(process.cwd(), process.argv[1] ?? "node").replace(/\.ts$/, "");
  const base = path.join(dir, `${script.replaceAll(path.sep, "-")}-${process.pid}`);
  const timings = timeStatements();
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  // Finer than the default 1 ms: the figures under study are a few milliseconds.
  session.post("Profiler.setSamplingInterval", { interval: 250 });
  session.post("Profiler.start");
  process.once("exit", () => {
    const sql = [...timings.values()].sort((a, b) => b.totalMs - a.totalMs);
    writeFileSync(`${base}.sql.json`, JSON.stringify(sql, null, 1));
    // An in-process session answers synchronously, so the profile is written before the process is gone.
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(`${base}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
