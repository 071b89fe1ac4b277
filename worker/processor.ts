/**
 * One run of one completion: build the prompt, walk the vendors, stream the reply into Redis, store it once.
 * Safe to run again for the same completion (BullMQ is at-least-once): a finished completion is never re-run,
 * and a run that finds text already streamed asks the next vendor to continue it.
 */
import type { InternalReach } from "./vendors/reach";
import { randomUUID } from "node:crypto";
import type { RedisClient } from "#platform/redis";
import type { Db } from "#db/database";
import { logContext } from "#platform/log-context";
import type { Logger } from "#platform/logger";
import { nowIso, type Completion } from "#db/schema";
import { canUseModel, effectivePlan } from "#db/plans";
import { LockLost, ShuttingDown, StopRequested } from "./abort-reasons";
import { completionStopKey, type Failure, type FinishReason, type StreamEntry } from "#contract/jobs";
import { failureFromRow, isFinished, terminalEntry, type FinishedStatus } from "#contract/lifecycle";
import { parseRequestOptions, untakenOptions, type RequestOptions } from "#contract/request-options";
import { interTokenSeconds, repliesTotal, replyTtftSeconds, vendorAttemptsTotal } from "./metrics";
import { storeOutcome, type NewCompletionAttempt } from "./outcome";
import { buildPrompt, withContinuation } from "./prompt";
import { vendorRoutes, type VendorRoute } from "./routing";
import { claimCompletion, RunSuperseded, TokenStreamWriter, readStreamed } from "./token-stream";
import { adapterFor } from "./vendors/index";
import { VendorError, type ChatTurn } from "./vendors/types";

/** 30 s to the first token (docs/product.md §2); a stall as long between tokens ends the attempt too. */
export const DEFAULT_TIMEOUTS = { firstTokenMs: 30_000, idleMs: 30_000 };

export interface CompletionRunner {
  db: Db;
  redis: RedisClient;
  appSecret: string;
  logger: Logger;
  timeouts: { firstTokenMs: number; idleMs: number };
  /** Which vendor endpoints may be on an internal address (worker/vendors/reach.ts). */
  internalReach: InternalReach;
}

export type RunOutcome = "done" | "stopped" | "error" | "already-finished" | "missing" | "superseded";

type Usage = { promptTokens: number; completionTokens: number };

export async function runCompletion(
  runner: CompletionRunner,
  completionId: string,
  signal: AbortSignal,
): Promise<RunOutcome> {
  try {
    return await runOwned(runner, completionId, signal);
  } catch (error) {
    if (error instanceof RunSuperseded) return "superseded";
    throw error;
  }
}

/**
 * Claims the completion, then reads what earlier runs streamed: their later writes are refused from now on.
 * The commands go out together on one connection, which keeps their order and costs a single round trip
 * before the vendor call.
 */
async function claim(runner: CompletionRunner, completionId: string) {
  const token = randomUUID();
  const [, streamed, stopRequested] = await Promise.all([
    claimCompletion(runner.redis, completionId, token),
    readStreamed(runner.redis, completionId),
    runner.redis.exists(completionStopKey(completionId)),
  ]);
  return { writer: new TokenStreamWriter(runner.redis, completionId, token), streamed, stopRequested };
}

/**
 * The completion, and whether its user's plan still allows its model: one query, since both are read on the
 * way to every reply's vendor call.
 */
async function readCompletion(db: Db, completionId: string) {
  const row = await db
    .selectFrom("completions")
    .leftJoin("users", "users.id", "completions.user_id")
    .leftJoin("ai_models", "ai_models.model_id", "completions.model_id")
    .selectAll("completions")
    .select([
      "users.plan as user_plan",
      "users.plan_expires_at as user_plan_expires_at",
      "ai_models.is_pro as model_is_pro",
      "ai_models.display_name as model_name",
    ])
    .where("completions.id", "=", completionId)
    .executeTakeFirst();
  if (!row) return null;
  const { user_plan, user_plan_expires_at, model_is_pro, model_name, ...completion } = row;
  // The web checks the plan when the request is made; the worker checks again, as the plan may have changed.
  const refused =
    user_plan !== null &&
    model_is_pro !== null &&
    !canUseModel(effectivePlan({ plan: user_plan, plan_expires_at: user_plan_expires_at }), {
      is_pro: model_is_pro,
    });
  const planRefusal: Failure | null = refused
    ? { code: "plan", detail: model_name ?? completion.model_id }
    : null;
  return { completion, planRefusal };
}

async function runOwned(
  runner: CompletionRunner,
  completionId: string,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const { db } = runner;
  const read = await readCompletion(db, completionId);
  if (!read) return "missing";
  const { completion, planRefusal } = read;
  const { writer, streamed, stopRequested } = await claim(runner, completionId);

  if (isFinished(completion.status)) {
    // A run that stored the result but died before announcing it: announce it now so readers finish.
    if (!streamed.terminal) await writer.finish(await terminalEntryFor(db, completion, completion.status));
    return "already-finished";
  }

  const run = new Run(runner, completion, writer, streamed.text);
  if (stopRequested) return run.finish("stopped");
  if (planRefusal) return run.finish("error", { failure: planRefusal });
  return run.walkVendors(signal);
}

class Run {
  private text: string;
  private firstTokenAt: string | null;
  private usage: Usage | null = null;
  /** How the vendor of the attempt under way ended its reply; the attempt that finishes the reply decides. */
  private finishReason: FinishReason | null = null;
  /** The vendor of the attempt under way, so a reply stopped part-way still says who wrote it. */
  private vendor: string | null = null;
  /** The write of status `streaming`, under way from the first vendor request on; resolves to its error. */
  private marking: Promise<unknown> | null = null;
  /** The request's options (a developer-API request's), sent to every vendor tried. */
  private readonly options: RequestOptions;

  constructor(
    private readonly runner: CompletionRunner,
    private readonly completion: Completion,
    private readonly writer: TokenStreamWriter,
    alreadyStreamed: string,
  ) {
    this.text = alreadyStreamed;
    this.options = parseRequestOptions(completion.request_options);
    this.firstTokenAt = completion.first_token_at ?? (alreadyStreamed ? nowIso() : null);
  }

  async walkVendors(signal: AbortSignal): Promise<RunOutcome> {
    const routes = await vendorRoutes(
      this.runner.db,
      this.completion.model_id,
      this.completion.user_id,
      this.runner.appSecret,
    );
    if (routes.length === 0) {
      return this.finish("error", {
        failure: { code: "model", detail: `No available vendor serves ${this.completion.model_id}` },
      });
    }
    // Built once: the chat up to the question does not change while its reply is made.
    const prompt = await buildPrompt(this.runner.db, this.completion);
    if ("failure" in prompt) return this.finish("error", { failure: prompt.failure });
    let firstFailure: Failure | null = null;
    // Reported only when no vendor failed otherwise: a vendor's own failure says more.
    let untakenFailure: Failure | null = null;
    for (const route of routes) {
      const untaken = untakenOptions(route.vendor, this.options);
      if (untaken.length > 0) {
        // Sending the rest would be a reply that silently ignored what the caller asked for.
        this.runner.logger.info(
          { completionId: this.completion.id, vendor: route.vendor, untaken },
          "vendor skipped: it does not take the request's options",
        );
        untakenFailure ??= { code: "unsupported_parameter", detail: untaken[0] };
        continue;
      }
      const startedAt = Date.now();
      try {
        await this.attempt(route, prompt.turns, signal);
        this.runner.logger.info({ vendor: route.vendor, ms: Date.now() - startedAt }, "vendor attempt ok");
        // Stored in the reply's own transaction: one write lock and commit fewer per reply.
        return this.finish("done", {
          vendor: route.vendor,
          attempt: this.attemptRow(route.vendor, "ok", null, startedAt),
        });
      } catch (error) {
        if (signal.aborted) return this.abandon(signal.reason);
        if (!(error instanceof VendorError) || this.writer.superseded) throw error;
        await this.runner.db
          .insertInto("completion_attempts")
          .values(this.attemptRow(route.vendor, error.failure.code, error.failure.status ?? null, startedAt))
          .execute();
        this.runner.logger.warn(
          { completionId: this.completion.id, vendor: route.vendor, failure: error.failure },
          "vendor attempt failed",
        );
        firstFailure ??= error.failure;
        // A malformed request fails the same way everywhere; anything else may work on the next vendor.
        if (error.failure.code === "bad_request") break;
      }
    }
    return this.finish("error", { failure: firstFailure ?? untakenFailure ?? { code: "internal" } });
  }

  private async attempt(route: VendorRoute, turns: ChatTurn[], signal: AbortSignal): Promise<void> {
    if (!route.apiKey) throw new VendorError({ code: "key_missing", detail: route.vendor });
    const adapter = adapterFor(route.vendor);
    this.vendor = route.vendor;
    this.finishReason = null;
    const timeout = new AbortController();
    const attemptSignal = AbortSignal.any([signal, timeout.signal]);
    const { firstTokenMs, idleMs } = this.runner.timeouts;
    let timer = setTimeout(() => timeout.abort(), firstTokenMs);
    let streaming = false;
    let lastChunkAt: number | null = null;
    try {
      const request = adapter(
        {
          // `<completion id>:<web request id>`: the vendor's own logs can be matched with ours by either id (the
          // benchmark's tap reads the completion id before the colon). A re-queued job has no request id.
          requestId: `${this.completion.id}:${logContext()?.requestId ?? Date.now()}`,
          endpointUrl: route.endpointUrl,
          internalAllowed: this.runner.internalReach(route.endpointUrl),
          apiKey: route.apiKey,
          model: route.vendorModelId,
          // What earlier attempts streamed is part of the reply, inside the room the prompt left for it.
          messages: withContinuation(turns, this.text),
          temperature: this.completion.temperature,
          ...(this.completion.max_tokens === null ? {} : { maxTokens: this.completion.max_tokens }),
          options: this.options,
        },
        attemptSignal,
      );
      const chunks = afterFirstPull(request, () => this.markStreaming());
      for await (const chunk of chunks) {
        if (chunk.type === "usage") {
          this.usage = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
        } else if (chunk.type === "finish") {
          this.finishReason = chunk.reason;
        } else if (chunk.text) {
          // Per token the idle timer is only moved: a refresh costs a fraction of a new timer.
          if (streaming) timer.refresh();
          else {
            clearTimeout(timer);
            timer = setTimeout(() => timeout.abort(), idleMs);
            streaming = true;
          }
          const now = performance.now();
          if (lastChunkAt !== null) interTokenSeconds.observe((now - lastChunkAt) / 1000);
          lastChunkAt = now;
          this.firstTokenAt ??= nowIso();
          if (this.writer.superseded) throw new RunSuperseded();
          this.text += chunk.text;
          this.writer.push(chunk.text);
        }
      }
    } catch (error) {
      if (timeout.signal.aborted && !signal.aborted) throw new VendorError({ code: "timeout" });
      throw error;
    } finally {
      clearTimeout(timer);
      // Ends the vendor request if the loop was left early (stop, shutdown, or another run took over).
      timeout.abort();
    }
  }

  /**
   * Started once the first attempt's request has left, and not waited for by the reply's chunks: neither the
   * vendor call nor the first token waits on the database. Until it lands the completion reads as queued;
   * `finish` waits for it, so the outcome is always written after it.
   */
  private markStreaming() {
    this.marking ??= this.runner.db
      .updateTable("completions")
      .set({ status: "streaming", started_at: this.completion.started_at ?? nowIso() })
      .where("id", "=", this.completion.id)
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
  }

  /**
   * Stop ends the reply here; shutdown and a lost lock leave it for another run to continue from what this one
   * wrote.
   */
  private async abandon(reason: unknown): Promise<RunOutcome> {
    if (reason instanceof StopRequested) return this.finish("stopped");
    await this.writer.drain();
    throw reason instanceof LockLost ? reason : new ShuttingDown();
  }

  async finish(
    outcome: FinishedStatus,
    extra: { vendor?: string; failure?: Failure; attempt?: NewCompletionAttempt } = {},
  ): Promise<RunOutcome> {
    await this.writer.drain();
    // A failed status write fails the run as it did before the vendor call: the job is tried again.
    const markFailure = await this.marking;
    if (markFailure) throw markFailure;
    const messageId = await storeOutcome(this.runner.db, this.completion, {
      status: outcome,
      text: this.text,
      vendor: extra.vendor ?? (this.text ? this.vendor : null),
      failure: extra.failure,
      usage: this.usage,
      finishReason: outcome === "done" ? this.finishReason : null,
      firstTokenAt: this.firstTokenAt,
      attempt: extra.attempt ?? null,
    });
    repliesTotal.inc({ outcome });
    if (this.firstTokenAt && !this.completion.first_token_at)
      replyTtftSeconds.observe(
        (Date.parse(this.firstTokenAt) - Date.parse(this.completion.created_at)) / 1000,
      );
    await this.writer.finish(terminalEntry(outcome, messageId, extra.failure));
    return outcome;
  }

  /** The row of one vendor attempt, counted in the metrics as it ends. */
  private attemptRow(
    vendor: string,
    outcome: string,
    httpStatus: number | null,
    startedAt: number,
  ): NewCompletionAttempt {
    vendorAttemptsTotal.inc({ vendor, outcome });
    return {
      completion_id: this.completion.id,
      vendor,
      outcome,
      http_status: httpStatus,
      latency_ms: Date.now() - startedAt,
      created_at: nowIso(),
    };
  }
}

/**
 * The chunks of `request`, `started` called once the first has been asked for: a vendor adapter sends its
 * request on the first pull, so what `started` begins runs while the vendor works.
 */
async function* afterFirstPull<T>(request: AsyncIterable<T>, started: () => void): AsyncGenerator<T> {
  const chunks = request[Symbol.asyncIterator]();
  const first = chunks.next();
  started();
  let next = await first;
  try {
    for (; !next.done; next = await chunks.next()) yield next.value;
  } finally {
    // Left early (a stop, a superseded run): the adapter ends its request, as it would under for await.
    if (!next.done) await chunks.return?.();
  }
}

async function terminalEntryFor(
  db: Db,
  completion: Completion,
  status: FinishedStatus,
): Promise<StreamEntry> {
  const message = await db
    .selectFrom("chat_messages")
    .select("id")
    .where("completion_id", "=", completion.id)
    .executeTakeFirst();
  return terminalEntry(status, message?.id ?? "", failureFromRow(completion));
}

/** Marks a completion failed when its job has given up (e.g. the database stayed unreachable). */
export async function failCompletion(runner: CompletionRunner, completionId: string, failure: Failure) {
  const completion = await runner.db
    .selectFrom("completions")
    .selectAll()
    .where("id", "=", completionId)
    .executeTakeFirst();
  if (!completion || isFinished(completion.status)) return;
  const { writer, streamed } = await claim(runner, completionId);
  await new Run(runner, completion, writer, streamed.text).finish("error", { failure });
}
