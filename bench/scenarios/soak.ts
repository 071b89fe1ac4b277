/**
 * `npm run bench -- --scenario soak --minutes 30`: steady load for a while on a product of its own
 * (one web, one worker, SQLite and a private Redis, as `npm start` on a small host): page loads, replies,
 * and replies reloaded part-way and resumed with Last-Event-ID. Every minute it records each process's RSS
 * and open file descriptors, Redis's memory, and the size of the SQLite database and its WAL: what must stay
 * flat for the service to run for weeks.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { BenchContext } from "../context";
import { fetchText } from "../http-client";
import { startProcessStack } from "../process-stack";
import { rssKb } from "../procstats";
import type { ScenarioReport, Target } from "../report";
import { resumableReply, wholeAndInOrder } from "../resumable";
import { ms } from "../stats";
import { replyDeadlineMs, type ReplyPlan, type ReplyLength } from "../streams";

export interface SoakOptions extends ReplyLength {
  minutes: number;
  concurrency: number;
}

const openFds = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
};

const sizeMiB = (file: string) => {
  try {
    return statSync(file).size / 1024 / 1024;
  } catch {
    return 0;
  }
};

/** Open descriptors may wander by a few (sockets in flight); a leak grows by more than this share. */
const FD_GROWTH_ALLOWED = 0.25;

export async function soakScenario(context: BenchContext, options: SoakOptions): Promise<ScenarioReport> {
  context.log(`soak: ${options.minutes} min, ${options.concurrency} clients`);
  const stack = await startProcessStack(context, {
    web: 1,
    workers: 1,
    users: Math.ceil(options.concurrency / 10),
    database: "sqlite",
  });
  try {
    const dbFile = path.join(stack.dataDir, "app.db");
    const counts = {
      replies: 0,
      reloads: 0,
      pages: 0,
      broken: 0,
      failures: [] as string[],
      problems: [] as string[],
    };
    const endAt = Date.now() + options.minutes * 60_000;
    const client = async (index: number) => {
      const cookie = stack.cookies[index % stack.cookies.length]!;
      for (let round = 0; Date.now() < endAt; round++) {
        const page = await fetchText(`${stack.baseUrl}/chat`, {
          method: "GET",
          headers: { Cookie: cookie },
          timeoutMs: 30_000,
        }).catch(() => ({ status: 0 }));
        if (page.status === 200) counts.pages += 1;
        else counts.failures.push(`page ${page.status}`);
        const plan: ReplyPlan = { tag: context.nextTag(), tokens: options.tokens, tokenMs: options.tokenMs };
        // Every other reply is reloaded part-way and resumed, as a browser tab reloaded mid-reply.
        const reload = round % 2 === 1 ? { reloadAfterTokens: Math.ceil(options.tokens / 3) } : {};
        const run = await resumableReply(stack.baseUrl, cookie, plan, replyDeadlineMs(plan, 60_000), reload);
        counts.replies += 1;
        counts.reloads += run.reloads;
        counts.failures.push(...run.failures);
        const problem =
          run.terminals.done !== 1
            ? `terminal events ${JSON.stringify(run.terminals)} after ${run.reloads} reload(s), ${run.reconnects} reconnect(s)`
            : !wholeAndInOrder(run, plan)
              ? `text of ${run.text.split(" ").length} tokens for ${plan.tokens} after ${run.reloads} reload(s)`
              : null;
        if (problem) {
          counts.broken += 1;
          counts.problems.push(problem);
        }
      }
    };
    const samples: string[][] = [];
    const fdSeries: number[] = [];
    const sample = async (minute: number) => {
      const processes = stack.watched();
      const memory = /used_memory:(\d+)/.exec(await stack.redis.info("memory"))?.[1];
      const fds = processes.reduce((sum, p) => sum + openFds(p.pid), 0);
      fdSeries.push(fds);
      samples.push([
        String(minute),
        String(counts.replies),
        processes.map((p) => `${p.name} ${ms(rssKb(p.pid) / 1024, 0)}`).join(", "),
        processes.map((p) => `${p.name} ${openFds(p.pid)}`).join(", "),
        ms(Number(memory ?? Number.NaN) / 1024 / 1024, 1),
        `${ms(sizeMiB(dbFile), 2)} / ${ms(sizeMiB(`${dbFile}-wal`), 2)}`,
      ]);
    };
    await sample(0);
    const clients = Promise.all(Array.from({ length: options.concurrency }, (_, i) => client(i)));
    for (let minute = 1; minute <= options.minutes; minute++) {
      await delay(60_000);
      await sample(minute);
    }
    await clients;
    const firstFds = fdSeries[1] ?? fdSeries[0]!;
    const lastFds = fdSeries.at(-1)!;
    const targets: Target[] = [
      {
        name: "replies not ending `done` once, whole and in order",
        target: "0",
        measured: String(counts.broken),
        met: counts.broken === 0,
      },
      {
        name: "answers a browser cannot resume from",
        target: "0",
        measured: String(counts.failures.length),
        met: counts.failures.length === 0,
      },
      {
        name: "open descriptors, last minute vs the first",
        target: `≤ +${FD_GROWTH_ALLOWED * 100} %`,
        measured: `${firstFds} → ${lastFds}`,
        met: lastFds <= firstFds * (1 + FD_GROWTH_ALLOWED),
      },
    ];
    return {
      id: "soak",
      title: `Soak: ${options.minutes} min of steady load`,
      targets,
      tables: [
        {
          title:
            "Per minute (RSS MiB and open descriptors per process, Redis used_memory MiB, SQLite database / WAL MiB)",
          header: ["minute", "replies so far", "RSS MiB", "open fds", "Redis MiB", "app.db / WAL MiB"],
          rows: samples,
        },
      ],
      notes: [
        `${options.concurrency} clients, each in a loop: load /chat, then send a reply of ${options.tokens} tokens at one per ${options.tokenMs} ms and read it; every other reply is dropped a third of the way and resumed with Last-Event-ID. ${counts.replies} replies, ${counts.reloads} reloads, ${counts.pages} page loads.`,
        "One web process and one worker on SQLite (WAL) and a private Redis, as `npm start` on a small host. Token streams stay in Redis 10 minutes after a reply ends, so Redis's memory rises for the first 10 minutes of a run and is flat only after that: a run shorter than 10 minutes shows the rise, not the plateau.",
        ...(counts.failures.length
          ? [`Failures: ${[...new Set(counts.failures)].slice(0, 5).join("; ")}`]
          : []),
        ...(counts.problems.length
          ? [`Replies not sound: ${[...new Set(counts.problems)].slice(0, 5).join("; ")}`]
          : []),
      ],
    };
  } finally {
    await stack.stop();
  }
}
