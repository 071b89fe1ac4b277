/**
 * The ids that follow one request through every process: the web's request id (from the caller's
 * `X-Request-Id`, or a new one) and, once a reply is asked for, its completion id. The web sets them around
 * each request, the job carries the request id to the worker, the worker sets both around the job's run,
 * and the vendor call sends the request id as its `X-Request-ID`. Every log line written meanwhile carries
 * them (createLogger's mixin), so one grep for either id finds the request's whole path.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface LogContext {
  /** Absent on work no request asked for (a job the worker's sweeper re-queued). */
  requestId?: string;
  completionId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `context` attached to every log line it (and what it awaits) writes. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run(context, fn);
}

export const logContext = (): LogContext | undefined => storage.getStore();

/** Runs `fn`, and what it starts, with no request's ids: work that serves many requests logs as its own. */
export function outsideLogContext<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** Adds the completion id to the current context (a request that turns out to ask for a reply). */
export function noteCompletionId(completionId: string) {
  const context = storage.getStore();
  if (context) context.completionId = completionId;
}

const GIVEN_ID = /^[\w.:-]{1,100}$/;

/** A caller's (a proxy's) request id when it is a sane one, or a new id. */
export const requestIdFrom = (header: string | undefined) =>
  header && GIVEN_ID.test(header) ? header : randomUUID();
