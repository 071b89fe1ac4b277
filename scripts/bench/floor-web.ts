/**
 * The floor's web half (docs/benchmarks.md, "the floor"): the product's queue path with nothing of the
 * product's own work on it. A POST of `{ messages }` adds a job to a BullMQ queue of its own and is answered
 * with the reply's event stream, relayed from the reply's Redis Stream by the product's own StreamHub. No
 * session, database, validation or quota: what is left is what the architecture costs (web → Redis →
 * worker → vendor → worker → Redis → web). scripts/bench/floor-worker.ts is the other half.
 */
import { createServer, type IncomingMessage } from "node:http";
import { Queue } from "bullmq";
import { completionJobOptions, completionStreamKey, isTerminalEntry } from "#contract/jobs";
import { createLogger } from "#platform/logger";
import { queueConnection } from "#platform/redis";
import { StreamHub } from "~/modules/completions/stream-hub.server";
import { serveForBench } from "./child-server";
import { FLOOR_QUEUE, type FloorJob } from "./floor-job";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error("REDIS_URL (the product's Redis) is required");
const prefix = process.env.FLOOR_QUEUE_PREFIX ?? "bench-floor";

const logger = createLogger("floor-web", "warn");
const queue = new Queue<FloorJob>(FLOOR_QUEUE, { connection: queueConnection(redisUrl), prefix });
const hub = new StreamHub(redisUrl, logger);

async function readBody(request: IncomingMessage): Promise<FloorJob["messages"]> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return (JSON.parse(text) as Pick<FloorJob, "messages">).messages;
}

const server = createServer((request, response) => {
  const requestId = request.headers["x-request-id"];
  if (request.method !== "POST" || request.url !== "/api/chat" || typeof requestId !== "string") {
    response.writeHead(404).end();
    return;
  }
  void readBody(request)
    .then(async (messages) => {
      // The product's own job options (retries, retention), keyed by the request.
      await queue.add("reply", { requestId, messages }, completionJobOptions(requestId));
      response.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache",
      });
      const unsubscribe = hub.subscribe(completionStreamKey(requestId), "0-0", (id, entry) => {
        response.write(
          `id: ${id}\nevent: ${entry.type}\ndata: ${JSON.stringify(entry.type === "token" ? { text: entry.text } : {})}\n\n`,
        );
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
