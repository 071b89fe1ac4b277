/**
 * The image's entry point (`node build/server/container.js`): `web` (prepare the database, then serve),
 * `worker`, or `prepare` alone. In a container Redis is a separate service, so REDIS_URL is required here.
 * Each role loads only its own process's code: the database step runs in a process of its own, and the web
 * and worker are their compiled entries.
 */
import { ConfigError } from "#platform/env";
import { loadWebEnv } from "~/utils/env.server";
import { builtEntry } from "./entries";
import { prepareInChild } from "./prepare-step";
import { untilRedisAnswers } from "./redis";
import { StartRefusal } from "./start-refusal";

/** What the image runs, as its command: `prepare` migrates and seeds, `web` does that too, then serves. */
export const CONTAINER_ROLES = ["web", "worker", "prepare"] as const;

async function main(role: string | undefined) {
  const env = loadWebEnv();
  if (env.privateRedis)
    throw new ConfigError(["REDIS_URL: required in the container (e.g. redis://redis:6379)"]);
  if (role === "web" || role === "worker") await untilRedisAnswers(env.redisUrl, console.log);
  if (role === "prepare") return prepareInChild(console.log);
  if (role === "web") {
    await prepareInChild(console.log);
    // WEB_CONCURRENCY processes on PORT; compose runs one per container and scales by replicas.
    await import(builtEntry("web"));
    return;
  }
  // It stops itself on SIGTERM, finishing or handing back its jobs.
  if (role === "worker") return void (await import(builtEntry("worker")));
  throw new Error(`usage: ${CONTAINER_ROLES.join(" | ")}`);
}

if (process.argv[1] === import.meta.filename)
  main(process.argv[2]).catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof StartRefusal ? error.message : error);
    process.exit(1);
  });
