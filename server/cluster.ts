/**
 * WEB_CONCURRENCY web processes behind one port. Node 20 has no SO_REUSEPORT, so this uses node:cluster: the
 * primary (this process) owns the listening socket and hands each new connection, round robin, to one of its
 * web processes. It serves no request itself: it keeps the web processes running (a crashed one, or one an
 * operator stopped with SIGTERM for a rolling restart, is started again, with the supervisor's backoff),
 * answers their requests for the cluster's summed metrics, and on SIGTERM stops them all.
 *
 * Nothing a request needs lives in one web process: sessions are in the database, reply streams and live
 * events in Redis, so any process can serve any request.
 */
import cluster from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { Logger } from "#platform/logger";
import type { MetricsSource } from "#platform/metrics";
import { supervise, type SupervisedProcess } from "./supervisor";

const METRICS_REQUEST = "rogue:metrics-request";
const METRICS_REPLY = "rogue:metrics-reply";
const METRICS_TIMEOUT_MS = 6_000;

interface MetricsReply {
  type: typeof METRICS_REPLY;
  id: number;
  text?: string;
  error?: string;
}

/**
 * Runs `count` web processes on the shared port until SIGTERM / SIGINT; returns once they all run. Each runs
 * `entry` (the web's own file) with this process's flags.
 */
export function runWebCluster(count: number, logger: Logger, entry: string): { stop(): Promise<void> } {
  cluster.setupPrimary({ exec: entry, args: [] });
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message.type !== METRICS_REQUEST) return;
    const reply = (fields: Partial<MetricsReply>) => {
      if (worker.isConnected()) worker.send({ type: METRICS_REPLY, id: message.id, ...fields });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: String(error) }),
    );
  });

  // A web process that fails before any has listened (a port in use, a bad setting) would only fail again:
  // the primary fails instead, so `npm start` and a container's restart policy see it.
  let listened = false;
  cluster.once("listening", () => (listened = true));
  const failedToStart = (name: string) => {
    if (listened) return;
    logger.fatal(`${name} failed before the web listened; stopping`);
    for (const supervised of processes) supervised.hold();
    const exit = () => process.exit(1);
    Promise.all(processes.map((supervised) => supervised.stop())).then(exit, exit);
  };
  const processes: SupervisedProcess[] = Array.from({ length: count }, (_, i) =>
    supervise({
      name: `web ${i + 1}`,
      log: (message) => logger.info(message),
      restartAfterCleanExit: true,
      onUnexpectedExit: failedToStart,
      start: () => cluster.fork().process,
    }),
  );
  logger.info({ processes: count }, `web cluster of ${count} processes starting`);
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        for (const supervised of processes) supervised.hold();
        await Promise.all(processes.map((supervised) => supervised.stop()));
      })();
      return stopping;
    },
  };
}

/**
 * In a web process of the cluster: lets the primary collect `registry`, and returns the source /metrics
 * answers from (the whole cluster's figures, summed, so a scrape through the shared port is the same
 * whichever process it reaches). Outside a cluster: the registry itself.
 */
export function clusterMetricsSource(registry: Registry): MetricsSource {
  if (!cluster.isWorker) return registry;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs the listener that answers the primary's requests for this process's figures.
  new AggregatorRegistry();
  let nextId = 0;
  return {
    contentType: registry.contentType,
    metrics() {
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          process.off("message", onMessage);
          reject(new Error("the cluster's primary did not send its metrics"));
        }, METRICS_TIMEOUT_MS);
        const onMessage = (message: Partial<MetricsReply>) => {
          if (message.type !== METRICS_REPLY || message.id !== id) return;
          clearTimeout(timer);
          process.off("message", onMessage);
          if (message.error !== undefined) reject(new Error(message.error));
          else resolve(message.text ?? "");
        };
        process.on("message", onMessage);
        process.send?.({ type: METRICS_REQUEST, id });
      });
    },
  };
}
