import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { restartDelay, supervise, type RestartPolicy } from "./supervisor";

const policy: RestartPolicy = { initialDelayMs: 20, maxDelayMs: 80, healthyAfterMs: 60_000 };

/** A child that exits at once with `code`. */
const exiting = (code: number) => () => spawn(process.execPath, ["-e", `process.exit(${code})`]);

/** Supervises `start` until it has crashed `crashes` times, then holds it; resolves with the log. */
function crashLoop(start: () => ReturnType<typeof spawn>, crashes: number, loopPolicy = policy) {
  const lines: string[] = [];
  return new Promise<string[]>((resolve) => {
    const supervised = supervise({
      name: "fake",
      start,
      policy: loopPolicy,
      log: (line) => lines.push(line),
      onUnexpectedExit: () => {
        if (supervised.restarts < crashes) return;
        supervised.hold();
        resolve(lines);
      },
    });
  });
}

const delays = (lines: string[]) =>
  lines.flatMap((line) => line.match(/restart \d+ in (\d+) ms/)?.[1] ?? []).map(Number);

describe("supervisor", () => {
  it("doubles the restart delay with each crash in a row, up to the cap", () => {
    expect([1, 2, 3, 4, 5].map((crashes) => restartDelay(policy, crashes))).toEqual([20, 40, 80, 80, 80]);
  });

  it("restarts a crashing process with growing delays and logs each restart", async () => {
    const lines = await crashLoop(exiting(3), 5);
    expect(delays(lines)).toEqual([20, 40, 80, 80, 80]);
    expect(lines.filter((line) => line.startsWith("fake started (pid "))).toHaveLength(5);
    expect(lines).toContainEqual(
      expect.stringMatching(/^fake \(pid \d+\) crashed \(code 3\) after \d+ ms; restart 1 in 20 ms$/),
    );
  });

  it("starts the delays over after a run that stayed up long enough to count as healthy", async () => {
    const lines = await crashLoop(exiting(3), 3, { ...policy, healthyAfterMs: 0 });
    expect(delays(lines)).toEqual([20, 20, 20]);
  });

  it("counts a kill by a signal as a crash", async () => {
    const lines = await crashLoop(() => {
      const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
      child.once("spawn", () => child.kill("SIGKILL"));
      return child;
    }, 1);
    expect(lines).toContainEqual(expect.stringMatching(/^fake \(pid \d+\) crashed \(signal SIGKILL\)/));
  });

  it("leaves a process that exited with code 0 stopped", async () => {
    const lines: string[] = [];
    const child = await new Promise<ReturnType<typeof spawn>>((resolve) => {
      const supervised = supervise({
        name: "fake",
        start: exiting(0),
        policy,
        log: (line) => lines.push(line),
      });
      supervised.child.once("exit", () => setImmediate(() => resolve(supervised.child)));
    });
    expect(child.exitCode).toBe(0);
    expect(lines.at(-1)).toMatch(/^fake \(pid \d+\) exited with code 0; not restarted$/);
  });

  it("stops a running process and restarts it no more", async () => {
    const lines: string[] = [];
    const supervised = supervise({
      name: "fake",
      start: () => spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]),
      policy,
      log: (line) => lines.push(line),
    });
    await new Promise((resolve) => supervised.child.once("spawn", resolve));
    await supervised.stop();
    expect(supervised.child.signalCode).toBe("SIGTERM");
    expect(supervised.restarts).toBe(0);
    expect(lines.at(-1)).toBe("fake stopped");
  });
});
