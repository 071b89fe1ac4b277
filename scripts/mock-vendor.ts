/**
 * A stand-in for the LLM vendors, speaking each one's chat-completions wire format (streaming included) with
 * injectable latency and faults. Real vendors are unreachable from tests and benchmarks, and could not be
 * made to fail on cue anyway.
 *
 * Run directly: `tsx scripts/mock-vendor.ts [--port 4010]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";

export interface MockBehaviour {
  ttftMs: number; // delay before the first token (default 0)
  tokenMs: number; // delay between tokens (default 0; 20 = 50 tokens/s)
  tokens: number; // reply length in tokens when `reply` is not set (default 12)
  reply?: string; // exact reply text; tokens = its split into small pieces
  fault: "none" | "401" | "403" | "404" | "400" | "429" | "500" | "hang" | "malformed" | "cutoff" | "stall";
  faultAfterTokens: number; // for cutoff/stall/malformed streams: tokens sent before the fault (default 3)
  splitBytes: boolean; // write the stream in raw byte chunks that split multi-byte characters and SSE lines
  crlf: boolean; // use \r\n line ends in the SSE stream
  comments: boolean; // interleave SSE comment lines (": keep-alive")
  usage: boolean; // send a final usage chunk (choices: [] with usage) before [DONE] (default true)
  modelslabShape: "output" | "choices"; // ModelsLab success body shape (default "output")
  requireKey?: string; // when set, a different bearer key (or body key for modelslab) gets 401
  errorMessage?: string; // message of a status fault's error body (default "Mock <status> error")
}

export type MockVendorName = "together" | "novita" | "openai" | "modelslab";

export interface RecordedRequest {
  vendor: MockVendorName;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

export interface MockVendor {
  url: string;
  port: number;
  endpoint(vendor: MockVendorName): string;
  setBehaviour(behaviour: Partial<MockBehaviour>, vendor?: MockVendorName): void;
  requests(vendor?: MockVendorName): RecordedRequest[];
  /** Resolves with the next request recorded (for `vendor`, when given) after this call. */
  nextRequest(vendor?: MockVendorName): Promise<RecordedRequest>;
  /** Resolves once no vendor response is open: each has been sent in full or its connection has closed. */
  whenIdle(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
  expectedReply(vendor: MockVendorName, lastUserMessage: string, behaviour?: Partial<MockBehaviour>): string;
}

export const MOCK_VENDORS = [
  "together",
  "novita",
  "openai",
  "modelslab",
] as const satisfies readonly MockVendorName[];

const VENDOR_PATHS: Record<MockVendorName, string> = {
  together: "/together/v1/chat/completions",
  novita: "/novita/v3/openai/chat/completions",
  openai: "/openai/v1/chat/completions",
  modelslab: "/modelslab/api/v6/llm/uncensored_chat",
};
const vendorByPath = new Map(MOCK_VENDORS.map((vendor) => [VENDOR_PATHS[vendor], vendor]));

const BUILT_IN_BEHAVIOUR: MockBehaviour = {
  ttftMs: 0,
  tokenMs: 0,
  tokens: 12,
  fault: "none",
  faultAfterTokens: 3,
  splitBytes: false,
  crlf: false,
  comments: false,
  usage: true,
  modelslabShape: "output",
};

// Multi-byte words on purpose: a client that decodes UTF-8 per network read garbles them.
const VOCABULARY = ["Hello", "wörld", "世界", "🙂", "naïve", "façade", "Ωmega", "—", "日本語", "👩‍💻"];

const STATUS_FAULTS = new Set(["401", "403", "404", "400", "429", "500"]);

const behaviourSchema = z
  .object({
    ttftMs: z.number().nonnegative(),
    tokenMs: z.number().nonnegative(),
    tokens: z.number().int().nonnegative(),
    reply: z.string(),
    fault: z.enum(["none", "401", "403", "404", "400", "429", "500", "hang", "malformed", "cutoff", "stall"]),
    faultAfterTokens: z.number().int().nonnegative(),
    splitBytes: z.boolean(),
    crlf: z.boolean(),
    comments: z.boolean(),
    usage: z.boolean(),
    modelslabShape: z.enum(["output", "choices"]),
    requireKey: z.string(),
    errorMessage: z.string(),
  })
  .partial();
const vendorNameSchema = z.enum(MOCK_VENDORS);
const directiveSchema = behaviourSchema.extend({
  vendors: z.record(vendorNameSchema, behaviourSchema).optional(),
});
type Directive = z.infer<typeof directiveSchema>;
const controlSchema = behaviourSchema.extend({ vendor: vendorNameSchema.optional() }).strict();

// Lenient on purpose: the mock answers whatever a client sends, as long as the body is a JSON object.
const chatCallSchema = z.object({
  model: z.string().catch(""),
  model_id: z.string().catch(""),
  key: z.string().catch(""),
  messages: z.array(z.object({ role: z.string(), content: z.string() })).catch([]),
  stream: z.boolean().catch(false),
});
type ChatCall = z.infer<typeof chatCallSchema>;
type Turn = ChatCall["messages"][number];

const DIRECTIVE_START = "[[mock:";
const DIRECTIVE_END = "]]";

/** Reads `[[mock:{...}]]`; the JSON may itself contain "]]", so each closing candidate is tried in turn. */
function parseDirective(message: string | undefined): Directive | undefined {
  if (message === undefined) return undefined;
  const start = message.indexOf(DIRECTIVE_START);
  if (start < 0) return undefined;
  const jsonStart = start + DIRECTIVE_START.length;
  for (
    let end = message.indexOf(DIRECTIVE_END, jsonStart);
    end >= 0;
    end = message.indexOf(DIRECTIVE_END, end + 1)
  ) {
    const parsed = directiveSchema.safeParse(parseJson(message.slice(jsonStart, end)));
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function definedOnly(layer: Partial<MockBehaviour>): Partial<MockBehaviour> {
  return Object.fromEntries(Object.entries(layer).filter(([, value]) => value !== undefined));
}

function mergeBehaviour(
  base: MockBehaviour,
  layers: Array<Partial<MockBehaviour> | undefined>,
): MockBehaviour {
  return layers.reduce<MockBehaviour>(
    (merged, layer) => (layer ? { ...merged, ...definedOnly(layer) } : merged),
    base,
  );
}

function directiveLayers(directive: Directive | undefined, vendor: MockVendorName) {
  if (!directive) return [];
  const { vendors, ...topLevel } = directive;
  return [topLevel, vendors?.[vendor]];
}

function replyPieces(vendor: MockVendorName, behaviour: MockBehaviour): string[] {
  if (behaviour.reply !== undefined) return behaviour.reply.match(/\s*\S+|\s+$/gu) ?? [];
  const pieces = [`Mock ${vendor} reply:`];
  for (let i = 0; i < behaviour.tokens; i += 1) pieces.push(` ${VOCABULARY[i % VOCABULARY.length]}`);
  return pieces;
}

/** The pieces left once `sent` (a reply cut off earlier) is dropped from the front, if the reply has it. */
function continuationPieces(pieces: string[], sent: string): string[] {
  if (!pieces.join("").startsWith(sent)) return pieces;
  const rest: string[] = [];
  let skip = sent.length;
  for (const piece of pieces) {
    if (skip >= piece.length) skip -= piece.length;
    else {
      rest.push(piece.slice(skip));
      skip = 0;
    }
  }
  return rest;
}

const lastUserMessage = (messages: Turn[]) => messages.findLast((turn) => turn.role === "user")?.content;

function bearerKey(header: string | undefined): string {
  return header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? "";
}

function flattenHeaders(headers: IncomingMessage["headers"]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(", ") : (value ?? ""),
    ]),
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendText(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
}

const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  sendText(response, status, JSON.stringify(body));

/** Ends the connection mid-response once what was already written has been flushed. */
function cutOff(response: ServerResponse) {
  const socket = response.socket;
  if (socket) socket.end(() => socket.destroy());
  else response.destroy();
}

/** Splits one SSE event's bytes inside its first line, inside its first multi-byte character and between the
 * two line ends that close it (so with crlf, between a \r and its \n). */
function splitForReads(text: string): Buffer[] {
  const bytes = Buffer.from(text);
  const multiByteStart = bytes.findIndex((byte) => byte >= 0xc0);
  const cuts = [3, multiByteStart + 1, bytes.length - 1]
    .filter((cut) => cut > 0 && cut < bytes.length)
    .sort((a, b) => a - b);
  return [0, ...cuts]
    .map((from, i) => bytes.subarray(from, cuts[i] ?? bytes.length))
    .filter((piece) => piece.length);
}

/** Writes SSE events; with splitBytes, every piece goes out in its own event-loop turn so the client's reads
 * really do end mid-character and mid-line. */
class SseWriter {
  private readonly lineEnd: string;
  private readonly comment: string;
  private readonly queue: Array<() => void> = [];
  private pumping = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly behaviour: MockBehaviour,
  ) {
    this.lineEnd = behaviour.crlf ? "\r\n" : "\n";
    this.comment = behaviour.comments ? `: keep-alive${this.lineEnd}` : "";
  }

  event(data: string) {
    const text = `${this.comment}data: ${data}${this.lineEnd}${this.lineEnd}`;
    if (!this.behaviour.splitBytes) {
      this.response.write(text);
      return;
    }
    for (const piece of splitForReads(text)) this.later(() => this.response.write(piece));
  }

  end() {
    this.inOrder(() => this.response.end());
  }

  cutOff() {
    this.inOrder(() => cutOff(this.response));
  }

  private inOrder(action: () => void) {
    if (this.behaviour.splitBytes) this.later(action);
    else action();
  }

  private later(action: () => void) {
    this.queue.push(action);
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(this.pump);
  }

  private readonly pump = () => {
    const action = this.queue.shift();
    if (!action || this.response.destroyed) {
      this.queue.length = 0;
      this.pumping = false;
      return;
    }
    action();
    setImmediate(this.pump);
  };
}

/** Runs `steps` steps, the first after `firstDelayMs` and the rest `intervalMs` apart, on one timer. */
function playSteps(
  response: ServerResponse,
  timing: { firstDelayMs: number; intervalMs: number },
  steps: number,
  onStep: (index: number) => void,
  onDone: () => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let next = 0;
  const runStep = () => {
    onStep(next);
    next += 1;
    if (next < steps) return;
    clearInterval(timer);
    onDone();
  };
  const start = () => {
    if (steps === 0) return onDone();
    if (timing.intervalMs === 0) {
      while (next < steps) runStep();
      return;
    }
    runStep();
    if (next < steps) timer = setInterval(runStep, timing.intervalMs);
  };
  response.once("close", () => clearTimeout(timer));
  if (timing.firstDelayMs > 0) timer = setTimeout(start, timing.firstDelayMs);
  else start();
}

let completionCounter = 0;
const completionId = () => `mock-${Date.now().toString(36)}-${(completionCounter += 1)}`;

const countWords = (messages: Turn[]) =>
  messages.reduce((total, turn) => total + (turn.content.match(/\S+/g)?.length ?? 0), 0);

interface Reply {
  call: ChatCall;
  behaviour: MockBehaviour;
  pieces: string[];
}

function usageOf(reply: Reply) {
  const promptTokens = countWords(reply.call.messages);
  const completionTokens = reply.pieces.length;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function streamChatCompletion(response: ServerResponse, reply: Reply) {
  const { behaviour } = reply;
  response.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache",
  });
  response.flushHeaders();
  const sse = new SseWriter(response, behaviour);
  const created = Math.floor(Date.now() / 1000);
  const envelope = `"id":"${completionId()}","object":"chat.completion.chunk","created":${created}`;
  const model = JSON.stringify(reply.call.model);
  const chunkStart = `{${envelope},"model":${model},"choices":[{"index":0,"delta":{`;
  const chunkEnd = `},"finish_reason":null}]}`;
  const tokens = reply.pieces.length > 0 ? reply.pieces : [""];
  const faulty =
    behaviour.fault === "cutoff" || behaviour.fault === "stall" || behaviour.fault === "malformed";
  const steps = faulty ? Math.min(behaviour.faultAfterTokens, tokens.length) : tokens.length;
  const sendToken = (index: number) => {
    const role = index === 0 ? `"role":"assistant",` : "";
    sse.event(`${chunkStart}${role}"content":${JSON.stringify(tokens[index] ?? "")}${chunkEnd}`);
  };
  const finish = () => {
    if (behaviour.fault === "stall") return;
    if (behaviour.fault === "cutoff") return sse.cutOff();
    if (behaviour.fault === "malformed") sse.event("{broken");
    else {
      sse.event(`${chunkStart}},"finish_reason":"stop"}]}`);
      if (behaviour.usage) sse.event(`{${envelope},"choices":[],"usage":${JSON.stringify(usageOf(reply))}}`);
      sse.event("[DONE]");
    }
    sse.end();
  };
  playSteps(
    response,
    { firstDelayMs: behaviour.ttftMs, intervalMs: behaviour.tokenMs },
    steps,
    sendToken,
    finish,
  );
}

/** Answers in one body after the time the reply would have taken to stream. */
function answerWhole(response: ServerResponse, reply: Reply, body: () => unknown, malformedBody: string) {
  const { behaviour } = reply;
  if (behaviour.fault === "stall") return;
  const timer = setTimeout(
    () => {
      if (behaviour.fault === "cutoff") cutOff(response);
      else if (behaviour.fault === "malformed") sendText(response, 200, malformedBody);
      else sendJson(response, 200, body());
    },
    behaviour.ttftMs + reply.pieces.length * behaviour.tokenMs,
  );
  response.once("close", () => clearTimeout(timer));
}

const replyText = (reply: Reply) => reply.pieces.join("");

function answerChatCompletion(response: ServerResponse, reply: Reply) {
  if (reply.call.stream) return streamChatCompletion(response, reply);
  const body = () => ({
    id: completionId(),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: reply.call.model,
    choices: [{ index: 0, message: { role: "assistant", content: replyText(reply) }, finish_reason: "stop" }],
    usage: usageOf(reply),
  });
  answerWhole(response, reply, body, `{"id":"${completionId()}","choices":[{"message":`);
}

function answerModelslab(response: ServerResponse, reply: Reply) {
  const body = () =>
    reply.behaviour.modelslabShape === "choices"
      ? { choices: [{ message: { role: "assistant", content: replyText(reply) } }] }
      : { status: "success", output: replyText(reply) };
  answerWhole(response, reply, body, `{"status":"success"}`);
}

/** What differs between the OpenAI-style formats and ModelsLab's. */
interface Dialect {
  keyOf(request: IncomingMessage, call: ChatCall): string;
  errorBody(message: string): unknown;
  missingKeyMessage: string;
  invalidKeyMessage: string;
  model(call: ChatCall): string;
  answer(response: ServerResponse, reply: Reply): void;
}

const openAiDialect: Dialect = {
  keyOf: (request) => bearerKey(request.headers.authorization),
  errorBody: (message) => ({ error: { message } }),
  missingKeyMessage: "Missing API key",
  invalidKeyMessage: "Invalid API key",
  model: (call) => call.model,
  answer: answerChatCompletion,
};

const modelslabDialect: Dialect = {
  keyOf: (_request, call) => call.key,
  errorBody: (message) => ({ status: "error", message }),
  missingKeyMessage: "Missing key",
  invalidKeyMessage: "Invalid key",
  model: (call) => call.model_id,
  answer: answerModelslab,
};

function faultMessage(behaviour: MockBehaviour): string {
  if (behaviour.errorMessage !== undefined) return behaviour.errorMessage;
  return behaviour.fault === "400" ? "Mock 400 error: invalid request" : `Mock ${behaviour.fault} error`;
}

interface Waiter {
  vendor?: MockVendorName;
  resolve(request: RecordedRequest): void;
}

class MockVendorServer {
  private readonly stored = new Map<MockVendorName | "default", Partial<MockBehaviour>>();
  private recorded: RecordedRequest[] = [];
  private requestWaiters: Waiter[] = [];
  private idleWaiters: Array<() => void> = [];
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly base: MockBehaviour) {}

  setBehaviour(behaviour: Partial<MockBehaviour>, vendor?: MockVendorName) {
    const key = vendor ?? "default";
    this.stored.set(key, { ...this.stored.get(key), ...behaviour });
  }

  requests(vendor?: MockVendorName): RecordedRequest[] {
    return this.recorded.filter((request) => vendor === undefined || request.vendor === vendor);
  }

  nextRequest(vendor?: MockVendorName): Promise<RecordedRequest> {
    return new Promise((resolve) => this.requestWaiters.push({ vendor, resolve }));
  }

  whenIdle(): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  reset() {
    this.stored.clear();
    this.recorded = [];
  }

  behaviourFor(vendor: MockVendorName, lastUserMessage: string | undefined, extra?: Partial<MockBehaviour>) {
    return mergeBehaviour(this.base, [
      this.stored.get("default"),
      this.stored.get(vendor),
      extra,
      ...directiveLayers(parseDirective(lastUserMessage), vendor),
    ]);
  }

  expectedReply(vendor: MockVendorName, lastUserMessage: string, behaviour?: Partial<MockBehaviour>): string {
    return replyPieces(vendor, this.behaviourFor(vendor, lastUserMessage, behaviour)).join("");
  }

  async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://mock.invalid");
    const vendor = vendorByPath.get(url.pathname);
    if (vendor && request.method === "POST") {
      return this.handleVendor(vendor, url.pathname, request, response);
    }
    if (url.pathname.startsWith("/__mock/")) return this.handleControl(url, request, response);
    sendJson(response, 404, { error: { message: `No mock route for ${request.method} ${url.pathname}` } });
  }

  private async handleVendor(
    vendor: MockVendorName,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    this.trackOpen(response);
    const raw = await readBody(request);
    const body = parseJson(raw);
    this.record({
      vendor,
      path,
      headers: flattenHeaders(request.headers),
      body: body ?? raw,
      at: Date.now(),
    });
    const dialect = vendor === "modelslab" ? modelslabDialect : openAiDialect;
    const parsed = chatCallSchema.safeParse(body);
    if (!parsed.success) return sendJson(response, 400, dialect.errorBody("Invalid JSON body"));
    const call = { ...parsed.data, model: dialect.model(parsed.data) };
    const key = dialect.keyOf(request, call);
    if (!key) return sendJson(response, 401, dialect.errorBody(dialect.missingKeyMessage));
    const behaviour = this.behaviourFor(vendor, lastUserMessage(call.messages));
    if (behaviour.requireKey !== undefined && key !== behaviour.requireKey) {
      return sendJson(response, 401, dialect.errorBody(dialect.invalidKeyMessage));
    }
    if (STATUS_FAULTS.has(behaviour.fault)) {
      return sendJson(response, Number(behaviour.fault), dialect.errorBody(faultMessage(behaviour)));
    }
    if (behaviour.fault === "hang") return;
    dialect.answer(response, { call, behaviour, pieces: this.piecesFor(vendor, call.messages, behaviour) });
  }

  private piecesFor(vendor: MockVendorName, messages: Turn[], behaviour: MockBehaviour): string[] {
    const pieces = replyPieces(vendor, behaviour);
    const last = messages.at(-1);
    return last?.role === "assistant" ? continuationPieces(pieces, last.content) : pieces;
  }

  private async handleControl(url: URL, request: IncomingMessage, response: ServerResponse) {
    const route = `${request.method} ${url.pathname}`;
    if (route === "POST /__mock/behaviour") {
      const parsed = controlSchema.safeParse(parseJson(await readBody(request)));
      if (!parsed.success) return sendJson(response, 400, { error: { message: parsed.error.message } });
      const { vendor, ...behaviour } = parsed.data;
      this.setBehaviour(behaviour, vendor);
      return sendJson(response, 200, { ok: true });
    }
    if (route === "POST /__mock/reset") {
      this.reset();
      return sendJson(response, 200, { ok: true });
    }
    if (route === "GET /__mock/requests") {
      const vendor = vendorNameSchema.optional().safeParse(url.searchParams.get("vendor") ?? undefined);
      if (!vendor.success) return sendJson(response, 400, { error: { message: "Unknown vendor" } });
      return sendJson(response, 200, this.requests(vendor.data));
    }
    sendJson(response, 404, { error: { message: `No mock route for ${route}` } });
  }

  private record(request: RecordedRequest) {
    this.recorded.push(request);
    const [matching, waiting] = partition(this.requestWaiters, (waiter) =>
      [undefined, request.vendor].includes(waiter.vendor),
    );
    this.requestWaiters = waiting;
    for (const waiter of matching) waiter.resolve(request);
  }

  private trackOpen(response: ServerResponse) {
    this.open.add(response);
    response.once("close", () => {
      this.open.delete(response);
      if (this.open.size > 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }
}

function partition<T>(items: T[], predicate: (item: T) => boolean): [T[], T[]] {
  return [items.filter(predicate), items.filter((item) => !predicate(item))];
}

export async function startMockVendor(
  options: { port?: number; host?: string; defaults?: Partial<MockBehaviour> } = {},
): Promise<MockVendor> {
  const host = options.host ?? "127.0.0.1";
  const mock = new MockVendorServer(mergeBehaviour(BUILT_IN_BEHAVIOUR, [options.defaults]));
  const server = createServer((request, response) => {
    mock.handle(request, response).catch(() => {
      if (response.headersSent) response.destroy();
      else sendJson(response, 500, { error: { message: "Mock vendor failed" } });
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    endpoint: (vendor) => `${url}${VENDOR_PATHS[vendor]}`,
    setBehaviour: (behaviour, vendor) => mock.setBehaviour(behaviour, vendor),
    requests: (vendor) => mock.requests(vendor),
    nextRequest: (vendor) => mock.nextRequest(vendor),
    whenIdle: () => mock.whenIdle(),
    reset: () => mock.reset(),
    expectedReply: (vendor, message, behaviour) => mock.expectedReply(vendor, message, behaviour),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function portFromArgs(args: string[]): number {
  const { values } = parseArgs({ args, options: { port: { type: "string", default: "4010" } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid --port: ${values.port}`);
  return port;
}

async function main() {
  const mock = await startMockVendor({ port: portFromArgs(process.argv.slice(2)) });
  // A second signal falls through to the default handler and ends the process at once.
  const stop = () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    mock.close().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Printed last: whoever waits for this line may signal the process as soon as it reads it.
  const endpoints = MOCK_VENDORS.map((vendor) => `${vendor} ${mock.endpoint(vendor)}`).join("  ");
  console.log(`Mock vendor at ${mock.url}  ${endpoints}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
