import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMockVendor, type MockBehaviour, type MockVendor } from "#scripts/mock-vendor";
import { VENDOR_NAMES, type Failure, type VendorName } from "#contract/jobs";
import { adapterFor, vendorAdapters } from "./index";
import { openAiCompatible } from "./openai-compatible";
import {
  VendorError,
  type ChatTurn,
  type VendorAdapter,
  type VendorChunk,
  type VendorRequest,
} from "./types";

const OPENAI_STYLE = ["together", "novita", "openai"] as const satisfies readonly VendorName[];
const USER_MESSAGE = "Grüß dich — 你好 👋";

let mock: MockVendor;

beforeAll(async () => {
  mock = await startMockVendor();
});
afterEach(() => mock.reset());
afterAll(() => mock.close());

function vendorRequest(vendor: VendorName, overrides: Partial<VendorRequest> = {}): VendorRequest {
  return {
    requestId: "req-123",
    endpointUrl: mock.endpoint(vendor),
    apiKey: "secret-key",
    model: "mock-model",
    messages: [{ role: "user", content: USER_MESSAGE }],
    temperature: 0.3,
    // The mock vendor is on loopback, as the operator's own endpoint may be.
    internalAllowed: true,
    ...overrides,
  };
}

async function collect(
  adapter: VendorAdapter,
  request: VendorRequest,
  signal = new AbortController().signal,
): Promise<{ text: string; reports: VendorChunk[] }> {
  let text = "";
  const reports: VendorChunk[] = [];
  for await (const chunk of adapter(request, signal)) {
    if (chunk.type === "text") text += chunk.text;
    else reports.push(chunk);
  }
  return { text, reports };
}

const reply = (vendor: VendorName, overrides: Partial<VendorRequest> = {}) =>
  collect(vendorAdapters[vendor], vendorRequest(vendor, overrides));

async function failureOf(pending: Promise<unknown>): Promise<Failure> {
  const error = await pending.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof VendorError)) throw new Error(`expected a VendorError, got ${String(error)}`);
  return error.failure;
}

/** Starts a reply and resolves once the mock has received its request, for tests that abort mid-flight. */
async function startReply(vendor: VendorName, controller: AbortController) {
  const received = mock.nextRequest(vendor);
  const iterator = vendorAdapters[vendor](vendorRequest(vendor), controller.signal)[Symbol.asyncIterator]();
  return { iterator, received };
}

describe("every vendor adapter", () => {
  it.each(VENDOR_NAMES)(
    "%s returns the mock's reply byte for byte through split bytes, CRLF and comments",
    async (vendor) => {
      mock.setBehaviour({ splitBytes: true, crlf: true, comments: true, usage: true });
      const { text } = await reply(vendor);
      expect(text).toBe(mock.expectedReply(vendor, USER_MESSAGE));
    },
  );

  it("exposes one adapter per vendor name and rejects unknown names as unsupported", () => {
    expect(Object.keys(vendorAdapters).sort()).toEqual([...VENDOR_NAMES].sort());
    expect(adapterFor("novita")).toBe(vendorAdapters.novita);
    expect(() => adapterFor("acme")).toThrow(VendorError);
    expect(() => adapterFor("constructor")).toThrow(
      expect.objectContaining({ failure: { code: "unsupported_vendor", detail: "constructor" } }),
    );
  });

  it("fails with network when nothing listens at the endpoint", async () => {
    const gone = await startMockVendor();
    const endpointUrl = gone.endpoint("together");
    await gone.close();
    for (const vendor of VENDOR_NAMES) {
      expect(await failureOf(reply(vendor, { endpointUrl }))).toEqual({
        code: "network",
        detail: "ECONNREFUSED",
      });
    }
  });

  it("never follows a redirect, and a bare error status is named by its reason phrase", async () => {
    // A vendor address that answers 307 to the mock, then 502 with no body.
    const answers = [
      (response: ServerResponse) => response.writeHead(307, { Location: mock.endpoint("together") }).end(),
      (response: ServerResponse) => response.writeHead(502).end(),
    ];
    let calls = 0;
    const server = createServer((_request, response) => answers[calls++ % 2]!(response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const endpointUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    try {
      expect(await failureOf(reply("together", { endpointUrl }))).toEqual({
        code: "http",
        status: 307,
        detail: "Temporary Redirect",
      });
      expect(mock.requests("together")).toHaveLength(0);
      expect(await failureOf(reply("together", { endpointUrl }))).toEqual({
        code: "http",
        status: 502,
        detail: "Bad Gateway",
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("OpenAI-style adapters", () => {
  it.each(OPENAI_STYLE)(
    "%s reports the finish reason, then the usage of the final usage chunk",
    async (vendor) => {
      const { reports } = await reply(vendor);
      expect(reports).toEqual([
        { type: "finish", reason: "stop" },
        { type: "usage", promptTokens: 5, completionTokens: 13 },
      ]);
    },
  );

  it.each([true, false])(
    "reports finish reason 'length' when max_tokens cut the reply (streaming: %s)",
    async (stream) => {
      const { text, reports } = await collect(
        openAiCompatible({ stream }),
        vendorRequest("openai", { maxTokens: 3 }),
      );
      expect(text).toBe("Mock openai reply: Hello wörld");
      expect(reports).toEqual([
        { type: "finish", reason: "length" },
        { type: "usage", promptTokens: 5, completionTokens: 3 },
      ]);
    },
  );

  it.each([
    ["together", { max_tokens: 1024 }],
    ["novita", {}],
    ["openai", { max_tokens: 1000 }],
  ] as const)("%s sends the bearer key, the request id and the chat body", async (vendor, maxTokens) => {
    const received = mock.nextRequest(vendor);
    await reply(vendor);
    const { headers, body } = await received;
    expect(headers).toMatchObject({
      authorization: "Bearer secret-key",
      "x-request-id": "req-123",
      "content-type": "application/json",
    });
    expect(body).toEqual({
      model: "mock-model",
      messages: [{ role: "user", content: USER_MESSAGE }],
      temperature: 0.3,
      ...maxTokens,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("sends a request's options under OpenAI's names, and reads the reply they shaped", async () => {
    const options = {
      stop: ["世界"],
      seed: 7,
      top_p: 0.5,
      presence_penalty: 1.5,
      frequency_penalty: -0.5,
      response_format: {
        type: "json_schema" as const,
        json_schema: { name: "answer", schema: { type: "object", properties: { n: { type: "integer" } } } },
      },
      user: "end-user-1",
    };
    const received = mock.nextRequest("openai");
    const { text, reports } = await reply("openai", { options: { ...options, stop: ["never said"] } });
    expect((await received).body).toMatchObject({ ...options, stop: ["never said"] });
    expect(JSON.parse(text)).toEqual({ n: 1 });
    const stopped = await reply("openai", { options: { stop: options.stop } });
    expect(stopped.text).toBe("Mock openai reply: Hello wörld ");
    expect([reports[0], stopped.reports[0]]).toEqual([
      { type: "finish", reason: "stop" },
      { type: "finish", reason: "stop" },
    ]);
  });

  it.each<[MockBehaviour["fault"], Failure]>([
    ["401", { code: "auth", status: 401, detail: "Mock 401 error" }],
    ["403", { code: "auth", status: 403, detail: "Mock 403 error" }],
    ["404", { code: "not_found", status: 404, detail: "Mock 404 error" }],
    ["400", { code: "bad_request", status: 400, detail: "Mock 400 error: invalid request" }],
    ["429", { code: "http", status: 429, detail: "Mock 429 error" }],
    ["500", { code: "http", status: 500, detail: "Mock 500 error" }],
    ["malformed", { code: "invalid_json", detail: "stream event is not JSON" }],
  ])("maps the %s fault to its failure", async (fault, failure) => {
    mock.setBehaviour({ fault });
    for (const vendor of OPENAI_STYLE) expect(await failureOf(reply(vendor))).toEqual(failure);
  });

  it("fails with network, after the tokens already sent, when the stream is cut off", async () => {
    mock.setBehaviour({ fault: "cutoff", faultAfterTokens: 3 });
    const seen: string[] = [];
    const consume = async () => {
      for await (const chunk of vendorAdapters.together(
        vendorRequest("together"),
        new AbortController().signal,
      )) {
        if (chunk.type === "text") seen.push(chunk.text);
      }
    };
    expect(await failureOf(consume())).toMatchObject({ code: "network" });
    expect(seen.join("")).toBe("Mock together reply: Hello wörld");
  });

  it("fails with auth when the key is missing or wrong", async () => {
    expect(await failureOf(reply("novita", { apiKey: "" }))).toMatchObject({ code: "auth", status: 401 });
    mock.setBehaviour({ requireKey: "the-right-key" });
    expect(await failureOf(reply("novita"))).toEqual({
      code: "auth",
      status: 401,
      detail: "Invalid API key",
    });
  });

  it("fails with model when the vendor's error mentions the model, unless the status says more", async () => {
    mock.setBehaviour({ fault: "400", errorMessage: "Model `mock-model` is not available" });
    expect(await failureOf(reply("together"))).toEqual({
      code: "model",
      status: 400,
      detail: "Model `mock-model` is not available",
    });
    mock.setBehaviour({ fault: "404" });
    expect(await failureOf(reply("together"))).toMatchObject({ code: "not_found", status: 404 });
  });

  it("keeps the API key out of a failure's detail", async () => {
    mock.setBehaviour({ fault: "401", errorMessage: "Incorrect API key provided: secret-key." });
    expect(await failureOf(reply("openai"))).toMatchObject({
      detail: "Incorrect API key provided: [redacted].",
    });
  });

  it("continues a cut-off reply sent back as the last assistant turn with exactly the rest", async () => {
    const full = mock.expectedReply("novita", USER_MESSAGE);
    const sent = full.slice(0, full.indexOf("naïve") + 3);
    const messages: ChatTurn[] = [
      { role: "user", content: USER_MESSAGE },
      { role: "assistant", content: sent },
    ];
    const { text } = await reply("novita", { messages });
    expect(text).toBe(full.slice(sent.length));
    expect(sent + text).toBe(full);
  });

  it("does not yield the first token before the time to first token", async () => {
    mock.setBehaviour({ ttftMs: 150, tokenMs: 1, tokens: 2 });
    const started = performance.now();
    const iterator = vendorAdapters.together(vendorRequest("together"), new AbortController().signal);
    for await (const chunk of iterator) {
      expect(chunk.type).toBe("text");
      break;
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
  });

  it("applies a message directive's per-vendor behaviour to that vendor only", async () => {
    const content = 'Hi [[mock:{"reply":"Fallback answer","vendors":{"together":{"fault":"500"}}}]]';
    const messages: ChatTurn[] = [{ role: "user", content }];
    expect(await failureOf(reply("together", { messages }))).toMatchObject({ code: "http", status: 500 });
    expect((await reply("novita", { messages })).text).toBe("Fallback answer");
  });

  it("closes the vendor connection when the consumer stops reading early", async () => {
    mock.setBehaviour({ tokenMs: 5, tokens: 1000 });
    for await (const chunk of vendorAdapters.openai(vendorRequest("openai"), new AbortController().signal)) {
      expect(chunk).toMatchObject({ type: "text" });
      break;
    }
    await mock.whenIdle();
  });

  it("without streaming, reads the reply and usage from one completion body", async () => {
    const adapter = openAiCompatible({ stream: false });
    const received = mock.nextRequest("openai");
    const { text, reports } = await collect(adapter, vendorRequest("openai"));
    expect(text).toBe(mock.expectedReply("openai", USER_MESSAGE));
    expect(reports).toEqual([
      { type: "finish", reason: "stop" },
      { type: "usage", promptTokens: 5, completionTokens: 13 },
    ]);
    expect((await received).body).toMatchObject({ stream: false });
    expect((await received).body).not.toHaveProperty("stream_options");
  });

  it("without streaming, fails with invalid_json when the body is not JSON", async () => {
    mock.setBehaviour({ fault: "malformed" });
    const adapter = openAiCompatible({ stream: false });
    expect(await failureOf(collect(adapter, vendorRequest("openai")))).toMatchObject({
      code: "invalid_json",
    });
  });
});

describe("aborting a request", () => {
  it("rejects with an AbortError, not a VendorError, while the vendor hangs", async () => {
    mock.setBehaviour({ fault: "hang" });
    const controller = new AbortController();
    const { iterator, received } = await startReply("together", controller);
    const next = iterator.next();
    await received;
    const abortedAt = performance.now();
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: "AbortError" });
    await expect(next).rejects.not.toBeInstanceOf(VendorError);
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    await mock.whenIdle();
  });

  it("rejects with the signal's reason while the stream stalls, and closes the connection", async () => {
    mock.setBehaviour({ fault: "stall", faultAfterTokens: 2 });
    const controller = new AbortController();
    const { iterator } = await startReply("novita", controller);
    expect(await iterator.next()).toMatchObject({ value: { type: "text", text: "Mock novita reply:" } });
    expect(await iterator.next()).toMatchObject({ value: { type: "text", text: " Hello" } });
    const next = iterator.next();
    const reason = new Error("stopped by the user");
    controller.abort(reason);
    await expect(next).rejects.toBe(reason);
    await mock.whenIdle();
  });

  it("rejects ModelsLab's pending request with an AbortError", async () => {
    mock.setBehaviour({ fault: "hang" }, "modelslab");
    const controller = new AbortController();
    const { iterator, received } = await startReply("modelslab", controller);
    const next = iterator.next();
    await received;
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: "AbortError" });
    await mock.whenIdle();
  });
});

describe("ModelsLab adapter", () => {
  it("puts the key, the temperature and the sampling options it takes in the body, with no Authorization header", async () => {
    const received = mock.nextRequest("modelslab");
    await reply("modelslab", { temperature: 0.1, options: { top_p: 0.5, frequency_penalty: -1 } });
    const { headers, body } = await received;
    expect(headers).not.toHaveProperty("authorization");
    expect(headers).toMatchObject({ "x-request-id": "req-123", "content-type": "application/json" });
    expect(body).toEqual({
      key: "secret-key",
      model_id: "mock-model",
      messages: [{ role: "user", content: USER_MESSAGE }],
      max_tokens: 1000,
      temperature: 0.1,
      top_p: 0.5,
      frequency_penalty: -1,
      stream: false,
    });
  });

  it("asks for the uncensored-chat model when none is configured", async () => {
    const received = mock.nextRequest("modelslab");
    await reply("modelslab", { model: "" });
    expect((await received).body).toMatchObject({ model_id: "uncensored-chat" });
  });

  it("reads the reply from a choices-shaped body too", async () => {
    mock.setBehaviour({ modelslabShape: "choices", reply: "Chosen reply ✓" });
    expect((await reply("modelslab")).text).toBe("Chosen reply ✓");
  });

  it.each<[MockBehaviour["fault"], Partial<Failure>]>([
    ["401", { code: "auth", status: 401 }],
    ["404", { code: "not_found", status: 404 }],
    ["500", { code: "http", status: 500, detail: "Mock 500 error" }],
    ["malformed", { code: "modelslab_format" }],
    ["cutoff", { code: "network" }],
  ])("maps the %s fault to its failure", async (fault, failure) => {
    mock.setBehaviour({ fault });
    expect(await failureOf(reply("modelslab"))).toMatchObject(failure);
  });

  it("fails with auth when the body key is missing", async () => {
    expect(await failureOf(reply("modelslab", { apiKey: "" }))).toEqual({
      code: "auth",
      status: 401,
      detail: "Missing key",
    });
  });
});
