/**
 * The floor's worker half (see floor-web.ts): a BullMQ Worker that calls the mock vendor through the product's
 * own adapter and appends each text chunk to the reply's Redis Stream as it arrives, then a `done` entry.
 * No claim, fencing, coalescing, database or fallback: the hops alone.
 */
import { Worker } from "bullmq";
import { completionStreamKey, streamFields, type StreamEntry } from "#contract/jobs";
import { exitWithFailure } from "#platform/logger";
import { connectRedis, queueConnection } from "#platform/redis";
import { adapterFor } from "#worker/vendors/index";
import { FLOOR_QUEUE, type FloorJob } from "./floor-job";

const redisUrl = process.env.REDIS_URL;
const vendorUrl = process.env.FLOOR_VENDOR_URL;
if (!redisUrl || !vendorUrl)
  throw new Error("REDIS_URL and FLOOR_VENDOR_URL (the mock's Together endpoint) are required");
const prefix = process.env.FLOOR_QUEUE_PREFIX ?? "bench-floor";

const redis = connectRedis(redisUrl, { enableAutoPipelining: true });
const vendor = adapterFor("together");

const append = (requestId: string, entry: StreamEntry) =>
  redis.xadd(completionStreamKey(requestId), "*", ...streamFields(entry));

const worker = new Worker<FloorJob>(
  FLOOR_QUEUE,
  async (job) => {
    const { requestId, messages } = job.data;
    const request = {
      requestId,
      endpointUrl: vendorUrl,
      apiKey: "bench-key",
      model: "bench-model",
      messages,
      temperature: 0.7,
    };
    const appends: Promise<string | null>[] = [];
    for await (const chunk of vendor(request, new AbortController().signal)) {
      if (chunk.type === "text" && chunk.text)
        appends.push(append(requestId, { type: "token", text: chunk.text }));
    }
    await Promise.all(appends);
    await append(requestId, { type: "done", messageId: "" });
    await redis.expire(completionStreamKey(requestId), 600);
  },
  { connection: queueConnection(redisUrl, { maxRetriesPerRequest: null }), concurrency: 1000, prefix },
);

const fail = (error: unknown) => exitWithFailure("floor worker", error);
worker.waitUntilReady().then(() => process.send?.({ id: 0, result: {} }), fail);
process.on("disconnect", () => worker.close().then(() => process.exit(0), fail));
