/**
 * The floor's web half (docs/benchmarks.md, "the floor"): the product's queue path with nothing of the
 * product's own work on it. A POST of `{ messages }` adds a job to a BullMQ queue of its own and is answered
 * with the reply's event stream, relayed from the reply's Redis Stream by the product's own StreamHub. No
 * session, database, validation or quota: what is left is what the architecture costs (web → Redis →
 * worker → vendor → worker → Redis → web). bench/floor-worker.ts is the other half.
 */
import { createServer } from "node:http";
import { Queue } from "bullmq";
import { completionJobOptions, completionStreamKey, isTerminalEntry } from "#contract/jobs";
import { createLogger } from "#platform/logger";
import { queueConnection } from "#platform/redis";
import { SSE_HEADERS, sseEvent } from "~/modules/completions/relay.server";
import { StreamHub } from "~/modules/completions/stream-hub.server";
import { readJsonBody, serveForBench } from "./child-server";
import { FLOOR_QUEUE, type FloorJob } from "./floor-job";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error("REDIS_URL (the product's Redis) is required");
const prefix = process.env.FLOOR_QUEUE_PREFIX ?? "bench-floor";

const logger = createLogger("floor-web", "warn");
const queue = new Queue<FloorJob>(FLOOR_QUEUE, { connection: queueConnection(redisUrl), prefix });
const hub = new StreamHub(redisUrl, logger);

const server = createServer((request, response) => {
  const requestId = request.headers["x-request-id"];
  if (request.method !== "POST" || request.url !== "/api/chat" || typeof requestId !== "string") {
    response.writeHead(404).end();
    return;
  }
  void readJsonBody(request)
    .then(async (body) => {
      const { messages } = body as Pick<FloorJob, "messages">;
      // The product's own job options (retries, retention), keyed by the request.
      await queue.add("reply", { requestId, messages }, completionJobOptions(requestId));
      response.writeHead(200, SSE_HEADERS);
      const unsubscribe = hub.subscribe(completionStreamKey(requestId), "0-0", (id, entry) => {
        response.write(sseEvent(id, entry));
        if (isTerminalEntry(entry)) {
          unsubscribe();
          response.end();
        }
      });
      response.once("close", unsubscribe);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "floor send failed");
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
});

serveForBench(server, "/api/chat");
