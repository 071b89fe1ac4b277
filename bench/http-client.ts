/**
 * The measuring client's HTTP: node:http over one keep-alive agent. Node's fetch (undici inside) costs more
 * per request and per chunk, which at a thousand concurrent event streams would show up in the client's own
 * event loop and be charged to whatever it measures; the same code reads the product and the mock, so
 * whatever the client costs is in both sides of every comparison.
 */
import http from "node:http";
import { createParser } from "eventsource-parser";
import { nowMs } from "./clock";

export const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 2048 });

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RequestInit {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Aborting it drops the request (a browser's reload). */
  signal?: AbortSignal;
}

function start(url: string, init: RequestInit): http.ClientRequest {
  const headers = { ...init.headers };
  if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
  const request = http.request(url, { method: init.method, headers, agent, signal: init.signal });
  request.setNoDelay(true);
  const timer = setTimeout(
    () => request.destroy(new Error(`timed out after ${init.timeoutMs} ms`)),
    init.timeoutMs,
  );
  request.once("close", () => clearTimeout(timer));
  request.end(init.body);
  return request;
}

/** One request whose whole body is read as text. */
export function fetchText(url: string, init: RequestInit): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const request = start(url, init);
    request.once("error", reject);
    request.once("response", (response) => {
      response.setEncoding("utf8");
      let body = "";
      response.on("data", (chunk: string) => (body += chunk));
      response.once("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.once("error", reject);
    });
  });
}

export interface SseEvent {
  /** When the network read holding the event's last byte reached the client (nowMs). */
  at: number;
  /** The event's `id:` (a reply's stream entry id), which a reconnect sends back as Last-Event-ID. */
  id?: string;
  event: string;
  data: string;
}

export interface SseOutcome {
  status: number;
  /** When the response headers arrived. */
  openedAt: number;
  endedAt: number;
  /** Set when the stream failed or was not an event stream; `body` then holds what came instead. */
  error?: string;
  body?: string;
}

/**
 * Reads a server-sent event stream to its end, calling `onEvent` with each event as it is parsed. The
 * arrival time is taken once per network read, before parsing, so parsing cost is not counted as latency.
 */
export function readSse(
  url: string,
  init: RequestInit,
  onEvent: (event: SseEvent) => void,
): Promise<SseOutcome> {
  return new Promise((resolve) => {
    const request = start(url, { ...init, headers: { Accept: "text/event-stream", ...init.headers } });
    let readAt = 0;
    let openedAt = 0;
    const parser = createParser({
      onEvent: (event) =>
        onEvent({ at: readAt, id: event.id, event: event.event ?? "message", data: event.data }),
    });
    const fail = (status: number, error: string, body?: string) =>
      resolve({ status, openedAt, endedAt: nowMs(), error, body });
    request.once("error", (error) => fail(0, error.message));
    request.once("response", (response) => {
      openedAt = nowMs();
      const status = response.statusCode ?? 0;
      const isStream = String(response.headers["content-type"] ?? "").startsWith("text/event-stream");
      response.setEncoding("utf8");
      let body = "";
      response.on("data", (chunk: string) => {
        readAt = nowMs();
        if (isStream && status === 200) parser.feed(chunk);
        else body += chunk;
      });
      response.once("error", (error) => fail(status, error.message));
      response.once("end", () => {
        if (isStream && status === 200) resolve({ status, openedAt, endedAt: nowMs() });
        else fail(status, `HTTP ${status}, not an event stream`, body.slice(0, 300));
      });
    });
  });
}
