/**
 * Prometheus metrics, shared by the web and the worker: each process keeps its own registry (with Node's
 * default metrics and event-loop lag) and serves it on GET /metrics to loopback callers, or to anyone holding
 * METRICS_TOKEN as a bearer token.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { collectDefaultMetrics, Registry } from "prom-client";

export function createRegistry(role: "web" | "worker"): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry });
  return registry;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Loopback callers may read metrics; others only with the token (when one is set). `clientAddress` is the
 * caller's address as the process knows it: the socket's, or behind trusted proxies the one they saw, so a
 * proxy on the same host does not make everyone it forwards a loopback caller.
 */
export function mayReadMetrics(
  clientAddress: string | undefined,
  authorization: string | undefined,
  token: string | undefined,
): boolean {
  if (token) {
    const given = Buffer.from(authorization ?? "");
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return LOOPBACK.has(clientAddress ?? "");
}

/** What a metrics request is answered from: a registry, or the sum over a cluster's processes. */
export interface MetricsSource {
  metrics(): Promise<string>;
  readonly contentType: string;
}

/**
 * Answers a metrics request: the source's text, or 403 for a caller that may not read it. `clientAddress`:
 * see mayReadMetrics (the socket's address when not given).
 */
export async function serveMetrics(
  registry: MetricsSource,
  token: string | undefined,
  request: IncomingMessage,
  response: ServerResponse,
  clientAddress = request.socket.remoteAddress,
): Promise<void> {
  if (!mayReadMetrics(clientAddress, request.headers.authorization, token)) {
    response.writeHead(403, { "Content-Type": "text/plain" }).end("Forbidden\n");
    return;
  }
  const body = await registry.metrics();
  response.writeHead(200, { "Content-Type": registry.contentType }).end(body);
}
