/**
 * Product processes as `npm start` runs them, for integration tests that need the real web server (Express in
 * front of the built app): spawned with the test's settings, their JSON log lines collected, spoken to over
 * plain HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Agent } from "node:http";
import { request as httpRequest, type IncomingMessage } from "node:http";
import path from "node:path";
import { WEB_BUILD } from "#server/build-if-needed";
import { freePort } from "#scripts/free-port";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Logged {
  child: ChildProcess;
  lines: Record<string, unknown>[];
}

/** Runs a product process (node's arguments) with the test's settings, collecting its JSON log lines. */
export function runLogged(args: string[], env: Record<string, string>): Logged {
  // Not vitest's markers: vite.config.ts leaves Remix out under VITEST.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
  );
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const logged: Logged = { child, lines: [] };
  let rest = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split("\n");
    rest = parts.pop()!;
    for (const line of parts) {
      try {
        logged.lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a log line (a library's banner): not ours to check.
      }
    }
  });
  return logged;
}

/** Stops a process started by runLogged and waits until it has exited. */
export async function stopLogged({ child }: Logged) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

/** Resolves to the probe's first truthy answer, asked every 50 ms; fails after `timeoutMs`. */
export async function until<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A request on a connection of its own (no keep-alive), so a cluster's primary hands it to the next process;
 * or on `agent`'s kept-alive connection.
 */
export function sendRequest(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body?: string,
  signal?: AbortSignal,
  agent: Agent | false = false,
) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const sent = httpRequest(url, { method, agent, headers, signal }, resolve);
    sent.once("error", reject);
    sent.end(body);
  });
}

export async function readAll(response: IncomingMessage) {
  let text = "";
  for await (const chunk of response) text += String(chunk);
  return text;
}

export interface WebProcess {
  logged: Logged;
  base: string;
}

/** One built web process (build it first: buildIfNeeded) on a port of its own, once it answers /healthz. */
export async function startWebProcess(env: Record<string, string> = {}): Promise<WebProcess> {
  const port = await freePort();
  const logged = runLogged([WEB_BUILD], { PORT: String(port), WEB_CONCURRENCY: "1", ...env });
  const base = `http://127.0.0.1:${port}`;
  await until(
    () =>
      sendRequest(`${base}/healthz`, "GET", {}, undefined, AbortSignal.timeout(5_000)).then(
        async (response) => (await readAll(response), response.statusCode === 200),
        () => false,
      ),
    "the web process to answer /healthz",
    60_000,
  );
  return { logged, base };
}
