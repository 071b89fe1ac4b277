import { createServer, type Server } from "node:http";

/** How often Node looks for requests past their time; its default (30 s) would let one overstay that long. */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * The web's HTTP server. A request's headers and body must arrive within `requestTimeoutMs` (else 408 and the
 * connection closes). Both clocks start at the request's first byte, not when a kept-alive connection fell
 * idle, and stop once the request is in: a long answer, such as an event stream, is not cut by them.
 */
export function createWebHttpServer(requestTimeoutMs: number): Server {
  return createServer({
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  });
}
