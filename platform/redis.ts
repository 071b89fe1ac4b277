/**
 * Every Redis connection of the product, to one server or to a Redis Cluster, from REDIS_URL:
 *   redis://[user:pass@]host:port[/db], rediss://… (TLS), unix:///path/to/redis.sock   one server
 *   redis+cluster://[user:pass@]host:port,host:port,…, rediss+cluster://… (TLS)           a cluster
 * The cluster form names seed nodes; ioredis finds the rest. A cluster has no databases (no /db).
 */
import type { ConnectionOptions } from "bullmq";
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from "ioredis";

/**
 * Connection options for ioredis/BullMQ from a URL: redis://, rediss:// or unix:///path/to/redis.sock (the
 * private server `npm start` runs listens on a socket in the data folder).
 */
export function redisConnectionOptions(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol === "unix:") {
    return { path: decodeURIComponent(parsed.pathname), db: Number(parsed.searchParams.get("db") ?? 0) };
  }
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number(parsed.pathname.slice(1) || 0),
    tls: parsed.protocol === "rediss:" ? {} : undefined,
  };
}

/** A connection to one server or to a cluster: both speak the same commands. */
export type RedisClient = Redis | Cluster;

export interface ClusterTarget {
  nodes: { host: string; port: number }[];
  /** Per-node options (credentials, TLS) every connection to a node of the cluster uses. */
  nodeOptions: RedisOptions;
}

const CLUSTER_URL = /^(rediss?)\+cluster:\/\/(?:([^@/]*)@)?([^/?#]+)\/?$/;

export const isClusterUrl = (url: string) => /^rediss?\+cluster:\/\//.test(url);

/** The seed nodes and node options of a cluster URL; throws on a malformed one. */
export function clusterTarget(url: string): ClusterTarget {
  const match = CLUSTER_URL.exec(url);
  if (!match) throw new Error("must be redis+cluster://[user:password@]host:port,host:port,…");
  const [, scheme, auth, hosts] = match;
  const nodes = hosts!.split(",").map((node) => {
    const parsed = /^([^:,]+|\[[^\]]+\]):(\d{1,5})$/.exec(node.trim());
    if (!parsed) throw new Error(`"${node}" is not host:port`);
    return { host: parsed[1]!.replace(/^\[(.*)\]$/, "$1"), port: Number(parsed[2]) };
  });
  const [username, password] = auth ? (auth.includes(":") ? auth.split(/:(.*)/s) : [auth, ""]) : [];
  return {
    nodes,
    nodeOptions: {
      username: username ? decodeURIComponent(username) : undefined,
      password: password ? decodeURIComponent(password) : undefined,
      tls: scheme === "rediss" ? {} : undefined,
    },
  };
}

/** Options that belong to the cluster client as a whole rather than to each node's connection. */
const CLUSTER_LEVEL = ["enableOfflineQueue", "lazyConnect", "enableAutoPipelining"] as const;

function clusterOptions(target: ClusterTarget, options: RedisOptions): ClusterOptions {
  const perNode: RedisOptions = { ...target.nodeOptions, ...options };
  const whole: ClusterOptions = {};
  for (const name of CLUSTER_LEVEL) {
    if (perNode[name] !== undefined) Object.assign(whole, { [name]: perNode[name] });
    delete perNode[name];
  }
  return { ...whole, redisOptions: perNode };
}

/**
 * A new connection to REDIS_URL's server or cluster. `options` are the caller's connection policy (retries,
 * offline queue, lazy connect), applied the same way to either.
 */
export function connectRedis(url: string, options: RedisOptions = {}): RedisClient {
  if (!isClusterUrl(url)) return new Redis({ ...redisConnectionOptions(url), ...options });
  const target = clusterTarget(url);
  return new Cluster(target.nodes, clusterOptions(target, options));
}

/**
 * BullMQ's `connection`: options it connects (and closes) by itself for one server; for a cluster a Cluster,
 * which BullMQ cannot build from options. It connects lazily, so a Worker or QueueEvents (which connect
 * copies of it) never opens it; a Queue uses it, and closeQueue ends it after the queue.
 */
export function queueConnection(url: string, options: RedisOptions = {}): ConnectionOptions {
  // BullMQ declares its own copy of ioredis's option types; the values are ioredis's.
  if (!isClusterUrl(url)) return { ...redisConnectionOptions(url), ...options } as ConnectionOptions;
  const target = clusterTarget(url);
  return new Cluster(target.nodes, clusterOptions(target, { ...options, lazyConnect: true }));
}

/** Closes a BullMQ Queue, Worker or QueueEvents and the cluster connection it was given, if any. */
export async function closeQueue(queue: { close(): Promise<void>; opts: { connection?: unknown } }) {
  try {
    await queue.close();
  } finally {
    if (queue.opts.connection instanceof Cluster) queue.opts.connection.disconnect();
  }
}

/**
 * BullMQ's key prefix. In a cluster, a queue's Lua scripts touch many of its keys at once, which must then
 * share a hash slot: the braces make the prefix their hash tag.
 */
export const queueKeyPrefix = (prefix: string, cluster: boolean) => (cluster ? `{${prefix}}` : prefix);
