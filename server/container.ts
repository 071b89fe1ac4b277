/**
 * The image's entry point: `web` (prepare the database, then serve), `worker`, or `prepare` alone. In a
 * container Redis is a separate service, so REDIS_URL is required here.
 */
import { ConfigError } from "#platform/env";
import { loadWebEnv } from "~/utils/env.server";
import { startWorker } from "#worker/index";
import { WEB_BUILD } from "./build-if-needed";
import { prepareDatabase } from "./prepare";
import { untilRedisAnswers } from "./redis";
import { StartRefusal } from "./start-refusal";

/** What the image runs, as its command: `prepare` migrates and seeds, `web` does that too, then serves. */
export const CONTAINER_ROLES = ["web", "worker", "prepare"] as const;

async function main(role: string | undefined) {
  const env = loadWebEnv();
  if (env.privateRedis)
    throw new ConfigError(["REDIS_URL: required in the container (e.g. redis://redis:6379)"]);
  if (role === "web" || role === "worker") await untilRedisAnswers(env.redisUrl, console.log);
  if (role === "prepare") return prepareDatabase(env);
  if (role === "web") {
    await prepareDatabase(env);
    // The build's compiled server: WEB_CONCURRENCY processes on PORT; compose runs one per container and
    // scales by replicas.
    await import(WEB_BUILD);
    return;
  }
  if (role === "worker") {
    const { close } = await startWorker();
    return onStop(close);
  }
  throw new Error(`usage: ${CONTAINER_ROLES.join(" | ")}`);
}

function onStop(close: () => Promise<void>) {
  const stop = () => close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

if (process.argv[1] === import.meta.filename)
  main(process.argv[2]).catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof StartRefusal ? error.message : error);
    process.exit(1);
  });
