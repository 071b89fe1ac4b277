/**
 * The scale-out figures, each on a product of its own (process-stack.ts: PostgreSQL, a private Redis,
 * WEB_CONCURRENCY web processes on one port, M workers):
 *   processes  replies per second and added time to first token for (web, workers) = (1,1), (1,2), (2,2),
 *              (2,4), with the CPU of every process
 *   rolling    while replies stream, every worker and then every web process is stopped with SIGTERM and
 *              replaced, one at a time; every reply must end `done` exactly once, whole and in order, stored
 *              once, with no answer a browser could not resume from
 * (The `scale` scenario measures the cost of open streams in one product.)
 */
import { setTimeout as delay } from "node:timers/promises";
import { createDatabase } from "#db/database";
import type { BenchContext } from "../context";
import { startProcessStack, type ProcessStack } from "../process-stack";
import { OTHERS, UsageSampler } from "../procstats";
import type { ScenarioReport, Table, Target } from "../report";
import { resumableReply, wholeAndInOrder, type ResumedRun } from "../resumable";
import { ms, summarize } from "../stats";
import { replyDeadlineMs, type ReplyPlan, type ReplyLength } from "../streams";

export interface ProcessesOptions extends ReplyLength {
  pairs: [number, number][];
  replies: number;
  concurrency: number;
}

export interface RollingOptions extends ReplyLength {
  replies: number;
}

const SLACK_MS = 120_000;
const USERS_PER = 50;

/** Runs `count` tasks with at most `width` under way at once. */
async function pooled<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** Runs `body` on a product of its own on PostgreSQL, with users enough for `replies` at once, then stops it. */
async function onStack<T>(
  context: BenchContext,
  size: { web: number; workers: number; replies: number },
  body: (stack: ProcessStack) => Promise<T>,
): Promise<T> {
  const stack = await startProcessStack(context, {
    web: size.web,
    workers: size.workers,
    users: Math.ceil(size.replies / USERS_PER),
    database: "postgres",
  });
  return body(stack).finally(() => stack.stop());
}

/** `npm run bench -- --scenario processes`: one row per (web, workers) pair. */
export async function processesScenario(
  context: BenchContext,
  options: ProcessesOptions,
): Promise<ScenarioReport> {
  const rows: string[][] = [];
  const cpuRows: string[][] = [];
  let failed = 0;
  for (const [web, workers] of options.pairs) {
    context.log(`processes: ${web} web, ${workers} worker(s): starting`);
    await onStack(context, { web, workers, replies: options.concurrency }, async (stack) => {
      const plan = (): ReplyPlan => ({
        tag: context.nextTag(),
        tokens: options.tokens,
        tokenMs: options.tokenMs,
      });
      const deadline = replyDeadlineMs(plan(), SLACK_MS);
      const reply = (index: number) =>
        resumableReply(stack.baseUrl, stack.cookies[index % stack.cookies.length]!, plan(), deadline);
      // Warm each process's connections and JIT before measuring.
      await pooled(Math.min(40, options.replies), options.concurrency, reply);
      context.log(`processes: ${web} web, ${workers} worker(s): ${options.replies} replies`);
      const usage = new UsageSampler(stack.watched());
      usage.start();
      const started = performance.now();
      const runs = await pooled(options.replies, options.concurrency, reply);
      const wallS = (performance.now() - started) / 1000;
      const processes = usage.stop();
      const ok = runs.filter((run) => run.terminals.done === 1 && !run.failures.length);
      failed += runs.length - ok.length;
      const ttft = summarize(ok.flatMap((run) => (run.firstTokenAt ? [run.firstTokenAt - run.start] : [])));
      const total = processes.filter((p) => p.name !== OTHERS).reduce((sum, p) => sum + p.cpuPercent, 0);
      rows.push([
        `(${web}, ${workers})`,
        ms(ok.length / wallS, 1),
        ms(ttft.p50),
        ms(ttft.p90),
        ms(ttft.p99),
        String(runs.length - ok.length),
        ms(total, 0),
        ms(processes.find((p) => p.name === OTHERS)?.cpuPercent ?? Number.NaN, 0),
      ]);
      cpuRows.push([
        `(${web}, ${workers})`,
        processes.map((p) => `${p.name} ${ms(p.cpuPercent, 0)}`).join(", "),
      ]);
    });
  }
  const table: Table = {
    title: `Replies per second and time to first token (ms; the mock answers at once, so all of it is added), ${options.replies} replies of ${options.tokens} tokens, ${options.concurrency} at a time`,
    header: [
      "(web, workers)",
      "replies/s",
      "TTFT p50",
      "p90",
      "p99",
      "failed",
      "CPU %, the product's processes",
      "CPU %, rest of the machine",
    ],
    rows,
  };
  const cpu: Table = {
    title: "CPU % of one core, per process",
    header: ["(web, workers)", "processes"],
    rows: cpuRows,
  };
  const targets: Target[] = [
    { name: "replies that failed", target: "0", measured: String(failed), met: failed === 0 },
  ];
  return {
    id: "processes",
    title: "Processes: web and worker processes on PostgreSQL + Redis",
    targets,
    tables: [table, cpu],
    notes: [
      "Each pair runs on a product of its own: PostgreSQL (a scratch database on DATABASE_TEST_POSTGRES_URL's server), a private Redis, WEB_CONCURRENCY web processes on one port (node:cluster) and the workers, started cold; 40 unmeasured replies warm it first.",
      "TTFT is from the client's POST to the first token read from the event stream; the mock vendor sends its first token at once, so the figure is all the product's (web, queue, worker, relay).",
      "On a machine with fewer cores than processes, more processes share the same cores: the table then shows the cost of the extra processes, not their gain.",
    ],
  };
}

/** Waits until `probe` holds, checking every 100 ms. */
async function until(probe: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`rolling: timed out waiting for ${what}`);
    await delay(100);
  }
}

/** `npm run bench -- --scenario rolling`: 2 web processes and 2 workers restarted one at a time mid-stream. */
export async function rollingScenario(
  context: BenchContext,
  options: RollingOptions,
): Promise<ScenarioReport> {
  const web = 2;
  const workers = 2;
  context.log(`rolling: ${web} web, ${workers} workers on PostgreSQL: starting`);
  return onStack(context, { web, workers, replies: options.replies }, async (stack) => {
    const plans = Array.from({ length: options.replies }, () => ({
      tag: context.nextTag(),
      tokens: options.tokens,
      tokenMs: options.tokenMs,
    }));
    const deadline = replyDeadlineMs(plans[0]!, SLACK_MS);
    const started = performance.now();
    const pending = Promise.all(
      plans.map((plan, index) =>
        resumableReply(stack.baseUrl, stack.cookies[index % stack.cookies.length]!, plan, deadline),
      ),
    );
    const steps: string[] = [];
    // Let every reply start streaming first.
    await delay(3_000);
    for (const supervised of stack.stack.processes.slice(1)) {
      const old = supervised.child.pid!;
      const at = performance.now();
      process.kill(old, "SIGTERM");
      await until(
        () => supervised.child.pid !== old && supervised.child.exitCode === null,
        60_000,
        `${supervised.name} to be replaced`,
      );
      steps.push(
        `${supervised.name}: pid ${old} → ${supervised.child.pid} in ${ms((performance.now() - at) / 1000, 1)} s`,
      );
      await delay(1_000);
    }
    for (let i = 0; i < web; i++) {
      const before = stack.webPids();
      const old = before[0]!;
      const at = performance.now();
      process.kill(old, "SIGTERM");
      await until(
        () => {
          const now = stack.webPids();
          return !now.includes(old) && now.length === web;
        },
        60_000,
        `web process ${old} to be replaced`,
      );
      await until(
        async () =>
          await fetch(`${stack.baseUrl}/healthz`).then(
            (r) => r.ok,
            () => false,
          ),
        30_000,
        "healthz",
      );
      steps.push(
        `web process: pid ${old} → ${stack.webPids().find((pid) => !before.includes(pid))} in ${ms((performance.now() - at) / 1000, 1)} s`,
      );
      await delay(1_000);
    }
    const restartsDoneS = (performance.now() - started) / 1000;
    const runs: ResumedRun[] = await pending;
    const wallS = (performance.now() - started) / 1000;
    const stored = await storedReplies(
      stack,
      runs.map((run) => run.completionId),
    );
    const doneOnce = runs.filter(
      (run) => run.terminals.done === 1 && Object.keys(run.terminals).length === 1,
    ).length;
    const whole = runs.filter((run, i) => wholeAndInOrder(run, plans[i]!)).length;
    const storedOnce = runs.filter((run) => stored.get(run.completionId) === 1).length;
    const failures = runs.flatMap((run) => run.failures);
    const reconnects = runs.reduce((sum, run) => sum + run.reconnects, 0);
    const targets: Target[] = [
      {
        name: "replies ending `done` exactly once",
        target: String(runs.length),
        measured: String(doneOnce),
        met: doneOnce === runs.length,
      },
      {
        name: "replies whole and in order",
        target: String(runs.length),
        measured: String(whole),
        met: whole === runs.length,
      },
      {
        name: "replies stored exactly once",
        target: String(runs.length),
        measured: String(storedOnce),
        met: storedOnce === runs.length,
      },
      {
        name: "answers a browser cannot resume from",
        target: "0",
        measured: String(failures.length),
        met: failures.length === 0,
      },
    ];
    return {
      id: "rolling",
      title: "Rolling restart: every worker, then every web process, replaced while replies stream",
      targets,
      tables: [
        {
          title:
            "The restarts, in order (SIGTERM, then the supervisor or the web primary starts a new process)",
          header: ["step"],
          rows: steps.map((step) => [step]),
        },
      ],
      notes: [
        `${runs.length} replies of ${options.tokens} tokens at one per ${options.tokenMs} ms, all sent at once to 2 web processes (one port) and 2 workers on PostgreSQL; the restarts ended ${ms(restartsDoneS, 1)} s in and the last reply at ${ms(wallS, 1)} s.`,
        `Event streams cut by a web restart were resumed with Last-Event-ID, as a browser does: ${reconnects} reconnects in all.`,
        ...(failures.length ? [`Failures: ${[...new Set(failures)].slice(0, 5).join("; ")}`] : []),
      ],
    };
  });
}

async function storedReplies(stack: ProcessStack, completionIds: string[]): Promise<Map<string, number>> {
  const db = createDatabase(stack.databaseUrl);
  try {
    const rows = await db
      .selectFrom("chat_messages")
      .select(["completion_id"])
      .where("role", "=", "assistant")
      .where("completion_id", "in", completionIds)
      .execute();
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.completion_id!, (counts.get(row.completion_id!) ?? 0) + 1);
    return counts;
  } finally {
    await db.destroy();
  }
}
