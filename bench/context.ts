/** What every scenario gets, and the measurement wrapper around each of its phases. */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import { nowMs } from "./clock";
import type { Environment } from "./environment";
import { fetchText } from "./http-client";
import type { MockStats } from "./mock-process";
import { namedAs, RedisSampler, UsageSampler, type ProcessUsage, type RedisUsage } from "./procstats";
import { byRequestId } from "./analysis";
import { summarize, ms, type Summary } from "./stats";
import type { ProductClient } from "./streams";
import type { TapRecord } from "./tap";
import type { Table, Target } from "./report";

export interface BenchContext {
  env: Environment;
  product: ProductClient;
  /** Session cookies of the benchmark users; replies are spread over them round robin. */
  cookies: string[];
  /** A new reply tag: lowercase letters and digits, unique in the run. */
  nextTag(): string;
  log(message: string): void;
}

/** The histogram holds whole timer intervals; the delay is what exceeds the interval. */
export const LOOP_RESOLUTION_MS = 1;

export const cookieFor = (context: BenchContext, index: number) =>
  context.cookies[index % context.cookies.length]!;

export interface Measured<T> {
  result: T;
  tap: Map<string, TapRecord[]>;
  usage: ProcessUsage[];
  redis: RedisUsage;
  /** The measuring client's own event-loop delay during the phase: large values mean the client lagged. */
  clientLoop: { p99: number; max: number };
  mock: MockStats;
  wallMs: number;
  /** Latency of GET /healthz probes, when asked for: the web process's responsiveness under the load. */
  probe?: Summary;
}

/** Polls /healthz every `everyMs` until stopped; one probe at a time, each with its own timeout. */
function startProbe(baseUrl: string, everyMs: number) {
  const latencies: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = nowMs();
      await fetchText(`${baseUrl}/healthz`, { method: "GET", timeoutMs: 10_000 }).catch(() => undefined);
      latencies.push(nowMs() - started);
      await delay(everyMs);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return summarize(latencies);
  };
}

/** Runs one phase with every process's CPU and memory, Redis's counters and the client's lag recorded. */
export async function measure<T>(
  context: BenchContext,
  body: () => Promise<T>,
  options: { probeEveryMs?: number } = {},
): Promise<Measured<T>> {
  const { env } = context;
  await env.mock.take(); // drop records of anything before this phase (warm-up)
  await env.mock.stats(); // restart the mock's loop-delay histogram
  const usage = new UsageSampler(env.watched);
  const redis = new RedisSampler(env.redis);
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  await redis.start();
  usage.start();
  loop.enable();
  const stopProbe = options.probeEveryMs ? startProbe(env.baseUrl, options.probeEveryMs) : undefined;
  const started = nowMs();
  const result = await body();
  const wallMs = nowMs() - started;
  const probe = await stopProbe?.();
  loop.disable();
  const processUsage = usage.stop();
  return {
    result,
    tap: byRequestId(await env.mock.take()),
    usage: processUsage,
    redis: await redis.stop(),
    clientLoop: {
      p99: loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS,
      max: loop.max / 1e6 - LOOP_RESOLUTION_MS,
    },
    mock: await env.mock.stats(),
    wallMs,
    probe,
  };
}

/** CPU of each process over a phase, plus Redis's busiest commands: where the cores went. */
export function loadTable(title: string, measured: Measured<unknown>): Table {
  const rows = measured.usage.map((u) => [
    u.name,
    ms(u.cpuPercent, 0),
    ms(u.rssBeforeKb / 1024),
    ms(u.rssPeakKb / 1024),
  ]);
  // A Redis of REDIS_URL may not be on this machine: its own counters still say how busy it was.
  if (!measured.usage.some((u) => u.name === "redis")) {
    rows.push(["redis (INFO cpu)", ms(measured.redis.cpuPercent, 0), "", ""]);
  }
  return { title, header: ["process", "CPU % of one core", "RSS before MiB", "RSS peak MiB"], rows };
}

/** CPU ms the processes called `name` (or `name N`: worker 1, worker 2…) used over the phase (Redis of
 * REDIS_URL: from its own counters). */
export function cpuMsOf(measured: Measured<unknown>, name: string): number {
  const usage = measured.usage.filter(namedAs(name));
  if (usage.length) return usage.reduce((sum, u) => sum + u.cpuMs, 0);
  return name === "redis" ? (measured.redis.cpuPercent / 100) * measured.wallMs : Number.NaN;
}

/**
 * CPU per reply of each part of a path, over a phase: a process's CPU over the phase divided by the replies
 * that went through it (idle work in the phase, such as Redis polling, is charged to the replies too).
 */
export function cpuPerReplyTable(
  title: string,
  measured: Measured<unknown>,
  rows: [string, string, number][],
): Table {
  return {
    title,
    header: ["process", "replies", "CPU ms per reply"],
    rows: rows.map(([label, name, replies]) => [
      label,
      String(replies),
      ms(cpuMsOf(measured, name) / replies, 2),
    ]),
  };
}

/** The web CPU target, per reply. */
export const WEB_CPU_PER_REPLY_MS = 1;

/** The web CPU target judged over a phase: the web's CPU ÷ the replies that went through it. */
export function webCpuTarget(name: string, measured: Measured<unknown>, replies: number, aside = ""): Target {
  const perReply = cpuMsOf(measured, "web") / replies;
  return {
    name,
    target: `≤ ${WEB_CPU_PER_REPLY_MS} ms`,
    measured: `${ms(perReply, 2)} ms${aside}`,
    met: perReply <= WEB_CPU_PER_REPLY_MS,
  };
}

export function redisCommandsNote(measured: Measured<unknown>): string {
  const top = measured.redis.commands
    .slice(0, 6)
    .map((c) => `${c.command} ${c.calls} calls / ${ms(c.usec / 1000, 0)} ms`)
    .join(", ");
  return `Redis time by command over the phase (${ms(measured.wallMs / 1000, 1)} s): ${top}.`;
}

export function lagNote(measured: Measured<unknown>): string {
  return (
    `Event-loop delay: client p99 ${ms(measured.clientLoop.p99)} ms (max ${ms(measured.clientLoop.max)}); ` +
    `mock vendor p99 ${ms(measured.mock.loopDelayP99Ms)} ms (max ${ms(measured.mock.loopDelayMaxMs)}).`
  );
}

/** Runs `count` tasks one after another (a bounded loop: each task has its own deadline). */
export async function sequentially<T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let index = 0; index < count; index += 1) results.push(await task(index));
  return results;
}

/** Starts `count` tasks at once. */
export const allAtOnce = <T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: count }, (_, index) => task(index)));
