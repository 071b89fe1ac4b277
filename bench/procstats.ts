/** Memory and CPU of the processes under test, read from /proc (Linux), and Redis's own counters. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Redis } from "ioredis";

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** VmRSS in KiB, or NaN once the process is gone. */
export function rssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** User + system CPU time the process has used, in ms (all its threads). */
export function cpuMs(pid: number): number {
  try {
    // The command name (field 2) may hold spaces; count fields from after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond();
  } catch {
    return Number.NaN;
  }
}

/** CPU time every process on the machine has used (all cores), in ms: /proc/stat's busy ticks. */
export function machineCpuMs(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (
      (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) /
      ticksPerSecond()
    );
  } catch {
    return Number.NaN;
  }
}

const POLICIES = ["SCHED_OTHER", "SCHED_FIFO", "SCHED_RR", "SCHED_BATCH", "SCHED_ISO", "SCHED_IDLE"];

/** This process's scheduling class (children inherit it), and the command prefix that sets it. */
export function schedulingPolicy(): { description: string; prefix: string } {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 19 (nice), 40 (rt_priority) and 41 (policy) of proc(5); this array starts at field 3.
    const [nice, priority, code] = [fields[16], fields[37], Number(fields[38])];
    const policy = POLICIES[code] ?? `policy ${code}`;
    if (policy === "SCHED_FIFO" || policy === "SCHED_RR") {
      const flag = policy === "SCHED_RR" ? "-r" : "-f";
      return { description: `${policy} priority ${priority}`, prefix: `chrt ${flag} ${priority} ` };
    }
    return { description: `${policy}, nice ${nice}`, prefix: nice === "0" ? "" : `nice -n ${nice} ` };
  } catch {
    return { description: "unknown", prefix: "" };
  }
}

export interface Watched {
  name: string;
  pid: number;
}

/** Matches the processes called `name`, or `name N` when there are several (worker 1, worker 2…). */
export const namedAs =
  (name: string) =>
  (entry: { name: string }): boolean =>
    entry.name === name || entry.name.startsWith(`${name} `);

export const OTHERS = "everything else on the machine";

export interface ProcessUsage {
  name: string;
  rssBeforeKb: number;
  rssPeakKb: number;
  /** CPU time used between start() and stop(), as a share of one core (100 = one core busy throughout). */
  cpuPercent: number;
  /** The same CPU time in ms. */
  cpuMs: number;
}

/** Samples RSS every `intervalMs` between start() and stop(), keeping each process's peak. */
export class UsageSampler {
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private readonly before = new Map<number, { rss: number; cpu: number }>();
  private readonly peak = new Map<number, number>();
  private machineBefore = 0;

  constructor(
    private readonly watched: Watched[],
    private readonly intervalMs = 200,
  ) {}

  start() {
    this.startedAt = performance.now();
    this.machineBefore = machineCpuMs();
    for (const { pid } of this.watched) {
      this.before.set(pid, { rss: rssKb(pid), cpu: cpuMs(pid) });
      this.peak.set(pid, rssKb(pid));
    }
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** The watched processes, then "everything else": CPU the rest of the machine used meanwhile (a busy
   * machine distorts every figure; the benchmark wants this near 0). */
  stop(): ProcessUsage[] {
    clearInterval(this.timer);
    this.sample();
    const elapsed = performance.now() - this.startedAt;
    const usage = this.watched.map(({ name, pid }) => {
      const used = cpuMs(pid) - (this.before.get(pid)?.cpu ?? Number.NaN);
      return {
        name,
        rssBeforeKb: this.before.get(pid)?.rss ?? Number.NaN,
        rssPeakKb: this.peak.get(pid) ?? Number.NaN,
        cpuPercent: (used / elapsed) * 100,
        cpuMs: used,
      };
    });
    const others = machineCpuMs() - this.machineBefore - usage.reduce((sum, u) => sum + u.cpuMs, 0);
    usage.push({
      name: OTHERS,
      rssBeforeKb: Number.NaN,
      rssPeakKb: Number.NaN,
      cpuPercent: (others / elapsed) * 100,
      cpuMs: others,
    });
    return usage;
  }

  private sample() {
    for (const { pid } of this.watched) {
      const rss = rssKb(pid);
      if (rss > (this.peak.get(pid) ?? 0)) this.peak.set(pid, rss);
    }
  }
}

function infoFields(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of info.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return fields;
}

export interface RedisUsage {
  cpuPercent: number;
  usedMemoryKb: number;
  /** Per command: calls and total µs inside Redis, busiest first. */
  commands: { command: string; calls: number; usec: number }[];
}

/** Redis's CPU and per-command time over one phase. CONFIG RESETSTAT clears the command counters at start. */
export class RedisSampler {
  private startedAt = 0;
  private cpuBefore = 0;

  constructor(private readonly redis: Redis) {}

  async start() {
    await this.redis.config("RESETSTAT");
    this.cpuBefore = await this.cpuSeconds();
    this.startedAt = performance.now();
  }

  async stop(): Promise<RedisUsage> {
    const elapsed = performance.now() - this.startedAt;
    const cpu = await this.cpuSeconds();
    const memory = infoFields(await this.redis.info("memory"));
    const stats = infoFields(await this.redis.info("commandstats"));
    const commands = [...stats].map(([key, value]) => {
      const calls = Number(/calls=(\d+)/.exec(value)?.[1] ?? 0);
      const usec = Number(/usec=(\d+)/.exec(value)?.[1] ?? 0);
      return { command: key.replace(/^cmdstat_/, ""), calls, usec };
    });
    return {
      cpuPercent: (((cpu - this.cpuBefore) * 1000) / elapsed) * 100,
      usedMemoryKb: Number(memory.get("used_memory") ?? Number.NaN) / 1024,
      commands: commands.sort((a, b) => b.usec - a.usec),
    };
  }

  private async cpuSeconds() {
    const cpu = infoFields(await this.redis.info("cpu"));
    return Number(cpu.get("used_cpu_sys") ?? 0) + Number(cpu.get("used_cpu_user") ?? 0);
  }
}
