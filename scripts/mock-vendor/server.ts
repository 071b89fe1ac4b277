/**
 * The mock's HTTP server: routes each vendor's path to its dialect, records every request (tests wait on
 * them), keeps the behaviour layers set through the API or `/__mock/*`, and knows when no response is open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  bearerKey,
  chatCallSchema,
  endPieces,
  continuationPieces,
  dialectFor,
  lastUserMessage,
  modelListBody,
  promptTokens,
  replyPieces,
  VENDOR_PATHS,
  vendorByModelsPath,
  vendorByPath,
  type ChatCall,
} from "./dialects";
import {
  BUILT_IN_BEHAVIOUR,
  controlSchema,
  directiveLayers,
  faultMessage,
  isStatusFault,
  mergeBehaviour,
  parseJson,
  vendorNameSchema,
  type BehaviourLayer,
  type MockBehaviour,
  type MockVendorName,
} from "./faults";
import { Gates } from "./gates";
import { readBody, sendJson } from "./http";

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
  setBehaviour(behaviour: BehaviourLayer, vendor?: MockVendorName): void;
  requests(vendor?: MockVendorName): RecordedRequest[];
  /** Resolves with the next request recorded (for `vendor`, when given) after this call. */
  nextRequest(vendor?: MockVendorName): Promise<RecordedRequest>;
  /** Resolves once no vendor response is open: each has been sent in full or its connection has closed. */
  whenIdle(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
  /**
   * The reply text a request gets, given the options of its call that shape it (seed, response_format, stop,
   * max_tokens).
   */
  expectedReply(
    vendor: MockVendorName,
    lastUserMessage: string,
    behaviour?: BehaviourLayer,
    call?: Partial<ChatCall>,
  ): string;
}

function flattenHeaders(headers: IncomingMessage["headers"]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(", ") : (value ?? ""),
    ]),
  );
}

interface Waiter {
  vendor?: MockVendorName;
  resolve(request: RecordedRequest): void;
}

class MockVendorServer {
  private readonly stored = new Map<MockVendorName | "default", BehaviourLayer>();
  private recorded: RecordedRequest[] = [];
  private requestWaiters: Waiter[] = [];
  private idleWaiters: Array<() => void> = [];
  private readonly open = new Set<ServerResponse>();
  private readonly gates = new Gates();

  constructor(private readonly base: MockBehaviour) {}

  setBehaviour(behaviour: BehaviourLayer, vendor?: MockVendorName) {
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

  behaviourFor(vendor: MockVendorName, lastUserMessage: string | undefined, extra?: BehaviourLayer) {
    return mergeBehaviour(this.base, [
      this.stored.get("default"),
      this.stored.get(vendor),
      extra,
      ...directiveLayers(lastUserMessage, vendor),
    ]);
  }

  expectedReply(
    vendor: MockVendorName,
    lastUserMessage: string,
    behaviour?: BehaviourLayer,
    call: Partial<ChatCall> = {},
  ): string {
    const pieces = replyPieces(vendor, this.behaviourFor(vendor, lastUserMessage, behaviour), call);
    return endPieces(pieces, call).pieces.join("");
  }

  async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://mock.invalid");
    const vendor = vendorByPath.get(url.pathname);
    if (vendor && request.method === "POST") {
      return this.handleVendor(vendor, url.pathname, request, response);
    }
    const lister = vendorByModelsPath.get(url.pathname);
    if (lister && request.method === "GET") return this.handleModels(lister, url.pathname, request, response);
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
    const dialect = dialectFor(vendor);
    const parsed = chatCallSchema.safeParse(body);
    if (!parsed.success) return sendJson(response, 400, dialect.errorBody("Invalid JSON body"));
    const call = { ...parsed.data, model: dialect.model(parsed.data) };
    const key = dialect.keyOf(request, call);
    if (!key) return sendJson(response, 401, dialect.errorBody(dialect.missingKeyMessage));
    const behaviour = this.behaviourFor(vendor, lastUserMessage(call.messages));
    if (behaviour.requireKey !== undefined && key !== behaviour.requireKey) {
      return sendJson(response, 401, dialect.errorBody(dialect.invalidKeyMessage));
    }
    if (isStatusFault(behaviour.fault)) {
      return sendJson(response, Number(behaviour.fault), dialect.errorBody(faultMessage(behaviour)));
    }
    if (behaviour.fault === "hang") return;
    if (behaviour.contextWindow !== undefined) {
      const tokens = promptTokens(call.messages);
      if (tokens > behaviour.contextWindow)
        return sendJson(response, 400, dialect.contextLengthBody(behaviour.contextWindow, tokens));
    }
    dialect.answer(response, {
      call,
      behaviour,
      ...endPieces(this.piecesFor(vendor, call, behaviour), call),
      gateOpened: behaviour.gate === undefined ? undefined : this.gates.opened(behaviour.gate),
    });
  }

  /** `GET …/models`. No key is needed (a local server asks none) unless `requireKey` is set. */
  private handleModels(
    vendor: MockVendorName,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    this.record({ vendor, path, headers: flattenHeaders(request.headers), body: null, at: Date.now() });
    const dialect = dialectFor(vendor);
    const behaviour = this.behaviourFor(vendor, undefined);
    if (
      behaviour.requireKey !== undefined &&
      bearerKey(request.headers.authorization) !== behaviour.requireKey
    ) {
      return sendJson(response, 401, dialect.errorBody(dialect.invalidKeyMessage));
    }
    if (isStatusFault(behaviour.fault)) {
      return sendJson(response, Number(behaviour.fault), dialect.errorBody(faultMessage(behaviour)));
    }
    sendJson(response, 200, modelListBody(vendor, behaviour.models));
  }

  private piecesFor(vendor: MockVendorName, call: ChatCall, behaviour: MockBehaviour): string[] {
    const pieces = replyPieces(vendor, behaviour, call);
    const last = call.messages.at(-1);
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
    const gate = /^POST \/__mock\/gates\/([\w-]{1,64})$/.exec(route)?.[1];
    if (gate) {
      this.gates.open(gate);
      return sendJson(response, 200, { ok: true });
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
  options: { port?: number; host?: string; defaults?: BehaviourLayer } = {},
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
    expectedReply: (vendor, message, behaviour, call) => mock.expectedReply(vendor, message, behaviour, call),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
