/**
 * Records, inside the mock vendor's process, when each request arrived and when each content chunk was really
 * written. The mock schedules tokens on timers, and with a thousand streams on two busy cores those timers run
 * late; measuring delivery against the nominal schedule would charge the mock's lateness to the product.
 * The tap wraps the responses' write methods from outside, so scripts/mock-vendor/ stays as it is.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { nowMs } from "./clock";

export interface TapWrite {
  at: number;
  /** The delta contents of the SSE chunks in this write (the token text), in order. */
  texts: string[];
}

export interface TapRecord {
  /** The X-Request-ID header up to its first ":" (the worker sends `<completion id>:<request id>`). */
  requestId: string;
  path: string;
  arrivedAt: number;
  status?: number;
  writes: TapWrite[];
  endedAt?: number;
}

const CONTENT = /"content":("(?:[^"\\]|\\.)*")/g;

function contentsOf(chunk: unknown): string[] {
  const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
  const texts: string[] = [];
  for (const match of text.matchAll(CONTENT)) {
    const content = JSON.parse(match[1]!) as string;
    if (content) texts.push(content);
  }
  return texts;
}

function track(records: TapRecord[], request: IncomingMessage, response: ServerResponse) {
  const header = request.headers["x-request-id"];
  const record: TapRecord = {
    requestId: String(Array.isArray(header) ? header[0] : (header ?? "")).split(":")[0]!,
    path: request.url ?? "",
    arrivedAt: nowMs(),
    writes: [],
  };
  records.push(record);
  const note = (chunk: unknown) => {
    const texts = contentsOf(chunk);
    if (texts.length) record.writes.push({ at: nowMs(), texts });
  };
  const { write, end } = response;
  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    note(chunk);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof response.write;
  response.end = function (this: ServerResponse, ...args: unknown[]) {
    if (typeof args[0] !== "function") note(args[0]);
    record.status = this.statusCode;
    record.endedAt = nowMs();
    return (end as (...params: unknown[]) => ServerResponse).apply(this, args);
  } as typeof response.end;
}

/** Starts recording every request of every http.Server in this process; returns the shared record list. */
export function installTap(): TapRecord[] {
  const records: TapRecord[] = [];
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") track(records, args[0] as IncomingMessage, args[1] as ServerResponse);
    return (emit as (...params: unknown[]) => boolean).call(this, event, ...args);
  } as typeof emit;
  return records;
}
