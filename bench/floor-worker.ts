/**
 * The floor's worker half (see floor-web.ts): a BullMQ Worker that calls the mock vendor through the product's
 * own adapter and appends the text to the reply's Redis Stream with the product's own writer (the fenced,
 * coalescing append), then a `done` entry. No database, lock renewal, stop or fallback: the hops, and what
 * the product does per token.
 */
import { randomUUID } from "node:crypto";
import { Worker } from "bullmq";
import { exitWithFailure } from "#platform/logger";
import { connectRedis, queueConnection } from "#platform/redis";
import { claimCompletion, TokenStreamWriter } from "#worker/token-stream";
import { adapterFor } from "#worker/vendors/index";
import { FLOOR_QUEUE, type FloorJob } from "./floor-job";

const redisUrl = process.env.REDIS_URL;
const vendorUrl = process.env.FLOOR_VENDOR_URL;
if (!redisUrl || !vendorUrl)
  throw new Error("REDIS_URL and FLOOR_VENDOR_URL (the mock's Together endpoint) are required");
const prefix = process.env.FLOOR_QUEUE_PREFIX ?? "bench-floor";

const redis = connectRedis(redisUrl, { enableAutoPipelining: true });
const vendor = adapterFor("together");

const worker = new Worker<FloorJob>(
  FLOOR_QUEUE,
  async (job) => {
    const { requestId, messages } = job.data;
    const token = randomUUID();
    // Not awaited before the vendor call: the writer's appends follow it on the same connection.
    const claimed = claimCompletion(redis, requestId, token);
    // Its failure is the run's, reported below; until then it must not count as unhandled.
    claimed.catch(() => undefined);
    const writer = new TokenStreamWriter(redis, requestId, token);
    const request = {
      requestId,
      endpointUrl: vendorUrl,
      apiKey: "bench-key",
      model: "bench-model",
      messages,
      temperature: 0.7,
      // The benchmark's mock vendor, on loopback.
      internalAllowed: true,
    };
    for await (const chunk of vendor(request, new AbortController().signal)) {
      if (chunk.type === "text" && chunk.text) writer.push(chunk.text);
    }
    await claimed;
    await writer.finish({ type: "done", messageId: "" });
  },
  { connection: queueConnection(redisUrl, { maxRetriesPerRequest: null }), concurrency: 1000, prefix },
);

const fail = (error: unknown) => exitWithFailure("floor worker", error);
worker.waitUntilReady().then(() => process.send?.({ id: 0, result: {} }), fail);
process.on("disconnect", () => worker.close().then(() => process.exit(0), fail));
