/**
 * A throwaway 3-master Redis Cluster on loopback ports for one test file: three `redis-server
 * --cluster-enabled yes` processes, each given a third of the hash slots and introduced to the others (what
 * `redis-cli --cluster create` does), no persistence, all removed by stop().
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import { findOnPath } from "#server/redis";

const MASTERS = 3;
/** A node's cluster bus listens on its port + 10000, so ports are drawn below 55536. */
const BUS_OFFSET = 10_000;
const READY_MS = 30_000;
const SLOTS = 16_384;

export interface TestCluster {
  /** REDIS_URL for the cluster: redis+cluster://127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3 */
  url: string;
  ports: number[];
  stop(): Promise<void>;
}

/** Why the cluster cannot be started here, or null when redis-server is on PATH. */
export const clusterUnavailable = (): string | null =>
  findOnPath("redis-server") ? null : "redis-server is not on PATH (Debian: apt-get install redis-server)";

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/** Ports whose bus ports are free too; drawn at random so parallel test runs rarely collide. */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (!ports.includes(port) && (await isFree(port)) && (await isFree(port + BUS_OFFSET))) ports.push(port);
  }
  return ports;
}

async function until(probe: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + READY_MS;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Redis Cluster: timed out waiting for ${what}`);
    await delay(100);
  }
}

export async function startTestCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "rogue-cluster-"));
  const ports = await freePorts(MASTERS);
  const servers: ChildProcess[] = ports.map((port) =>
    spawn(
      findOnPath("redis-server")!,
      [
        ...["--port", String(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes"],
        ...["--cluster-config-file", path.join(dir, `nodes-${port}.conf`), "--dir", dir],
        ...["--save", "", "--appendonly", "no", "--maxmemory-policy", "noeviction"],
      ],
      { stdio: "ignore" },
    ),
  );
  const stop = async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) return resolve();
            server.once("exit", () => resolve());
            server.kill("SIGTERM");
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const clients = ports.map((port) => new Redis({ port, host: "127.0.0.1", lazyConnect: true }));
    // Refused connections until the servers listen are expected; `until` retries them.
    for (const client of clients) client.on("error", () => undefined);
    try {
      await until(
        async () => (await Promise.all(clients.map((c) => c.ping()))).every((p) => p === "PONG"),
        "nodes",
      );
      await Promise.all(
        clients.map((client, i) => {
          const first = Math.floor((SLOTS * i) / MASTERS);
          const last = Math.floor((SLOTS * (i + 1)) / MASTERS);
          return client.cluster("ADDSLOTS", ...Array.from({ length: last - first }, (_, n) => first + n));
        }),
      );
      for (const port of ports.slice(1)) await clients[0]!.cluster("MEET", "127.0.0.1", port);
      await until(
        async () =>
          (await Promise.all(clients.map((c) => c.cluster("INFO")))).every((info) =>
            info.includes("cluster_state:ok"),
          ),
        "cluster_state:ok on every node",
      );
    } finally {
      for (const client of clients) client.disconnect();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis+cluster://${ports.map((port) => `127.0.0.1:${port}`).join(",")}`, ports, stop };
}
