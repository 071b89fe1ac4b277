/**
 * A worker process: takes completion jobs from the queue until told to stop. Run as many as the load needs
 * (`npm run worker`), on any machine that reaches the same Redis and database.
 */
import { hostname } from "node:os";
import { Queue, Worker, WaitingError, type Job } from "bullmq";
import { createDatabase, serviceDatabaseOptions } from "#db/database";
import { loadWorkerEnv } from "./env";
import { activeJobs, startMetricsServer } from "./metrics";
import { withLogContext } from "#platform/log-context";
import { createLogger, type Logger } from "#platform/logger";
import { closeQueue, connectRedis, queueConnection } from "#platform/redis";
import { LockLost, ShuttingDown, StopRequested } from "./abort-reasons";
import {
  COMPLETION_QUEUE,
  COMPLETION_STOP_CHANNEL,
  completionJobSchema,
  VENDOR_CHECK_QUEUE,
  VENDOR_JOBS,
  vendorCheckJobSchema,
  type CompletionJob,
} from "#contract/jobs";
import { checkVendor } from "./vendor-check";
import { listVendorModels } from "./vendor-models";
import { internalReach } from "./vendors/reach";
import { DEFAULT_SWEEP, startSweeper } from "./sweeper";
import { DEFAULT_TIMEOUTS, failCompletion, runCompletion, type CompletionRunner } from "./processor";

const SHUTDOWN_GRACE_MS = 5_000;
/**
 * A worker killed outright (kill -9) stops renewing its job locks; after `lockMs`, the stalled-job check
 * (every `stalledCheckMs`) gives the job to another worker, which continues the reply from its stream.
 */
export const DEFAULT_LOCKS = { lockMs: 10_000, stalledCheckMs: 5_000 };

/**
 * Each run renews its own job lock, by its own token, a few times per lock period, and is aborted once the lock
 * is no longer its own. BullMQ's built-in renewal tracks locks by job id: when a lapsed job is run again, the
 * earlier run ending untracks the newer run's lock, which then lapses too, and every lapse costs another vendor
 * call (the benchmark saw replies run three and four times).
 *
 * A run starts only while it certainly holds the lock. On a busy worker a job can wait seconds between being
 * taken and its run starting, long enough for the lock to lapse and the job to be given to another run; only the
 * run holding the lock may claim the reply's stream, or a late starter would fence out the run that will finish
 * it. A job taken less than a renewal period ago (`processedOn`: this worker's clock when it asked for the job,
 * before Redis set the lock for `lockMs`) still holds it, so only a later start renews first: that round trip
 * (~0.6 ms) stays off the usual reply's first token.
 * Resolves with the function that stops the renewals, or null when the lock is no longer this run's.
 */
async function holdJobLock(
  job: Job<CompletionJob>,
  token: string,
  lockMs: number,
  controller: AbortController,
  logger: Logger,
): Promise<(() => void) | null> {
  const renewalMs = lockMs / 3;
  const takenAgo = Date.now() - (job.processedOn ?? 0);
  const heldForSure = takenAgo >= 0 && takenAgo < renewalMs;
  if (!heldForSure && !(await job.extendLock(token, lockMs))) return null;
  const timer = setInterval(() => {
    job.extendLock(token, lockMs).then(
      (held) => {
        if (!held) controller.abort(new LockLost());
      },
      (error: unknown) =>
        logger.warn({ jobId: job.id, err: (error as Error).message }, "lock renewal failed"),
    );
  }, renewalMs);
  return () => clearInterval(timer);
}

/**
 * The completion queue's processor. `running` maps each completion under way to its run's controller, so a stop
 * request or shutdown reaches it.
 */
export function completionProcessor(
  runner: CompletionRunner,
  running: Map<string, AbortController>,
  lockMs: number,
) {
  const { logger } = runner;
  return (job: Job<CompletionJob>, token?: string) => {
    const { completionId, requestId } = completionJobSchema.parse(job.data);
    // Every line this run logs, here and in the processor, carries the reply's ids.
    return withLogContext({ requestId, completionId }, () => runJob(job, completionId, token));
  };

  async function runJob(job: Job<CompletionJob>, completionId: string, token: string | undefined) {
    const controller = new AbortController();
    const releaseLock = token ? await holdJobLock(job, token, lockMs, controller, logger) : () => undefined;
    if (!releaseLock) {
      logger.warn({ completionId }, "job lock lapsed before its run started; another run has it");
      throw new WaitingError();
    }
    running.set(completionId, controller);
    activeJobs.inc();
    try {
      const outcome = await runCompletion(runner, completionId, controller.signal);
      logger.info({ completionId, outcome }, "completion finished");
      return outcome;
    } catch (error) {
      if (error instanceof ShuttingDown) {
        // Hand the job back at once rather than waiting for its lock to expire: another worker continues it.
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (error instanceof LockLost) {
        // The job is no longer this run's to move: the stalled check (or the run that now holds it) has it.
        logger.warn({ completionId }, "job lock lost; another run continues the reply");
        throw new WaitingError();
      }
      throw error;
    } finally {
      activeJobs.dec();
      releaseLock();
      // A re-run of the same completion (a lapsed lock) may have registered its own controller since.
      if (running.get(completionId) === controller) running.delete(completionId);
    }
  }
}

export async function startWorker(
  options: {
    concurrency?: number;
    timeouts?: typeof DEFAULT_TIMEOUTS;
    locks?: typeof DEFAULT_LOCKS;
    sweep?: typeof DEFAULT_SWEEP;
  } = {},
) {
  const locks = options.locks ?? DEFAULT_LOCKS;
  const env = loadWorkerEnv();
  const logger = createLogger("worker", env.logLevel);
  const patient = { maxRetriesPerRequest: null };
  const redis = connectRedis(env.redisUrl, { ...patient, enableAutoPipelining: true });
  const subscriber = connectRedis(env.redisUrl, patient);
  const db = createDatabase(env.databaseUrl, serviceDatabaseOptions(logger));
  const runner: CompletionRunner = {
    db,
    redis,
    appSecret: env.appSecret,
    logger,
    timeouts: options.timeouts ?? DEFAULT_TIMEOUTS,
    internalReach: internalReach(env),
  };

  const running = new Map<string, AbortController>();

  await subscriber.subscribe(COMPLETION_STOP_CHANNEL);
  subscriber.on("message", (_channel: string, completionId: string) => {
    running.get(completionId)?.abort(new StopRequested());
  });

  const processor = completionProcessor(runner, running, locks.lockMs);

  const concurrency = options.concurrency ?? env.concurrency;
  const worker = new Worker<CompletionJob>(COMPLETION_QUEUE, processor, {
    // The admin dashboard lists live workers by this name (host:pid), read from the queue's client list.
    name: `${hostname()}:${process.pid}`,
    connection: queueConnection(env.redisUrl, patient),
    concurrency,
    prefix: env.queuePrefix,
    lockDuration: locks.lockMs,
    stalledInterval: locks.stalledCheckMs,
    skipLockRenewal: true,
    maxStalledCount: 3,
  });
  worker.on("failed", (job, error) => {
    logger.error({ jobId: job?.id, err: error.message }, "completion job failed");
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      failCompletion(runner, job.data.completionId, { code: "internal" }).catch((failure: unknown) =>
        logger.error({ err: failure }, "could not mark completion failed"),
      );
    }
  });
  worker.on("error", (error) => logger.error({ err: error.message }, "worker error"));
  const checker = new Worker(
    VENDOR_CHECK_QUEUE,
    async (job) => {
      const data = vendorCheckJobSchema.parse(job.data);
      return job.name === VENDOR_JOBS.models
        ? listVendorModels(db, env.appSecret, data, runner.internalReach)
        : checkVendor(db, env.appSecret, data, runner.internalReach);
    },
    { connection: queueConnection(env.redisUrl, patient), concurrency: 10, prefix: env.queuePrefix },
  );
  checker.on("error", (error) => logger.error({ err: error.message }, "vendor check worker error"));
  await Promise.all([worker.waitUntilReady(), checker.waitUntilReady()]);
  const queue = new Queue<CompletionJob>(COMPLETION_QUEUE, {
    connection: queueConnection(env.redisUrl, patient),
    prefix: env.queuePrefix,
  });
  queue.on("error", (error) => logger.error({ err: error.message }, "completion queue error"));
  const stopSweeper = startSweeper(db, queue, logger, options.sweep ?? DEFAULT_SWEEP);
  const metrics = env.metricsPort ? await startMetricsServer(env.metricsPort, env.metricsToken) : null;
  logger.info({ concurrency, metricsPort: env.metricsPort || undefined }, "worker ready");

  /** Lets running replies finish for a moment, then hands the rest back to the queue. */
  async function close() {
    const closing = Promise.all([closeQueue(worker), closeQueue(checker)]);
    const graceOver = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    if ((await Promise.race([closing.then(() => "closed" as const), graceOver])) !== "closed") {
      for (const controller of running.values()) controller.abort(new ShuttingDown());
      await closing;
    }
    await stopSweeper();
    metrics?.close();
    await Promise.all([closeQueue(queue), subscriber.quit(), redis.quit()]);
    await db.destroy();
  }

  return { worker, close, runner };
}
