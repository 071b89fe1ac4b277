/**
 * Gives the whole vitest run one Redis: REDIS_URL when set, otherwise a private, throwaway redis-server on a
 * unix socket. Each test file isolates itself with its own QUEUE_PREFIX and database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPrivateRedis } from "#server/redis";

export default async function setup() {
  if (process.env.REDIS_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), "rogue-redis-"));
  const redis = await startPrivateRedis({ dir, persistent: false });
  process.env.REDIS_URL = redis.url;
  return async () => {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
