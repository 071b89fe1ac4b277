import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMockVendor, type MockVendor, type MockVendorName } from ".";
import { parseCli, usage } from "./cli";
import { behaviourSchema } from "./faults";

let mock: MockVendor;

beforeAll(async () => {
  mock = await startMockVendor();
});
afterEach(() => mock.reset());
afterAll(() => mock.close());

function chatBody(content: string, extra: Record<string, unknown> = {}) {
  return { model: "mock-model", messages: [{ role: "user", content }], temperature: 0.5, ...extra };
}

function postChat(vendor: MockVendorName, body: unknown, headers: Record<string, string> = {}) {
  return fetch(mock.endpoint(vendor), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer test-key", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function readChunks(response: Response): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

const dataLines = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data: "))
    .map((line) => line.slice("data: ".length));

describe("mock vendor", () => {
  it("serves each vendor under its name followed by the real vendor's path", () => {
    expect(mock.endpoint("together")).toBe(`${mock.url}/together/v1/chat/completions`);
    expect(mock.endpoint("novita")).toBe(`${mock.url}/novita/v3/openai/chat/completions`);
    expect(mock.endpoint("openai")).toBe(`${mock.url}/openai/v1/chat/completions`);
    expect(mock.endpoint("modelslab")).toBe(`${mock.url}/modelslab/api/v6/llm/uncensored_chat`);
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
  });

  it("lists its models beside each OpenAI-format path, as each vendor shapes the list", async () => {
    mock.setBehaviour({ models: "m-one, m-two" });
    const together = await fetch(`${mock.url}/together/v1/models`);
    expect(await together.json()).toEqual([
      { id: "m-one", object: "model", created: 0, owned_by: "together" },
      { id: "m-two", object: "model", created: 0, owned_by: "together" },
    ]);
    const novita = (await (await fetch(`${mock.url}/novita/v3/openai/models`)).json()) as { data: unknown[] };
    expect(novita.data).toHaveLength(2);
    expect((await fetch(`${mock.url}/modelslab/api/v6/llm/models`)).status).toBe(404);
    mock.setBehaviour({ requireKey: "sk-right" }, "openai");
    expect((await fetch(`${mock.url}/openai/v1/models`)).status).toBe(401);
    const keyed = await fetch(`${mock.url}/openai/v1/models`, {
      headers: { Authorization: "Bearer sk-right" },
    });
    expect(keyed.status).toBe(200);
    expect(mock.requests("openai").map((request) => request.path)).toEqual([
      "/openai/v1/models",
      "/openai/v1/models",
    ]);
  });

  it("reads a turn sent as text and image parts, as vision models take it, by its words", async () => {
    const parts = [
      { type: "text", text: "hi" },
      { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
    ];
    const response = await postChat("openai", chatBody("", { messages: [{ role: "user", content: parts }] }));
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]!.message.content).toBe(mock.expectedReply("openai", "hi"));
    expect(mock.requests("openai").at(-1)!.body).toMatchObject({ messages: [{ content: parts }] });
  });

  it("builds its default reply from a fixed multi-byte vocabulary", () => {
    expect(mock.expectedReply("novita", "hi", { tokens: 4 })).toBe("Mock novita reply: Hello wörld 世界 🙂");
    expect(mock.expectedReply("together", "hi", { tokens: 11 })).toMatch(/👩‍💻 Hello$/u);
  });

  it("streams role, content, finish, usage and [DONE] chunks in the OpenAI format", async () => {
    const response = await postChat("together", chatBody("hi", { stream: true }));
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const lines = dataLines(await response.text());
    expect(lines.at(-1)).toBe("[DONE]");
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(chunks[0]).toMatchObject({
      object: "chat.completion.chunk",
      model: "mock-model",
      choices: [
        { index: 0, delta: { role: "assistant", content: "Mock together reply:" }, finish_reason: null },
      ],
    });
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("");
    expect(text).toBe(mock.expectedReply("together", "hi"));
    expect(chunks.at(-2).choices[0]).toEqual({ index: 0, delta: {}, finish_reason: "stop" });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 13, total_tokens: 14 } });
  });

  it.each([
    { gateAfterTokens: 2, before: "a b" },
    { gateAfterTokens: 0, before: "" },
  ])(
    "holds a gated stream after $gateAfterTokens tokens until the gate is opened, then finishes it",
    async ({ gateAfterTokens, before }) => {
      const gate = `g-${gateAfterTokens}`;
      const directive = `[[mock:${JSON.stringify({ reply: "a b c d", gate, gateAfterTokens })}]]`;
      const response = await postChat("together", chatBody(`go ${directive}`, { stream: true }));
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const contentSoFar = () =>
        dataLines(text)
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line).choices[0]?.delta.content ?? "")
          .join("");
      while (contentSoFar() !== before) text += decoder.decode((await reader.read()).value);
      const pending = reader.read();
      const held = await Promise.race([
        pending.then(() => "read"),
        new Promise((resolve) => setTimeout(resolve, 200, "held")),
      ]);
      expect(held).toBe("held");
      expect(contentSoFar()).toBe(before);

      expect((await fetch(`${mock.url}/__mock/gates/${gate}`, { method: "POST" })).status).toBe(200);
      for (let read = await pending; !read.done; read = await reader.read()) {
        text += decoder.decode(read.value);
      }
      expect(contentSoFar()).toBe("a b c d");
      expect(dataLines(text).at(-1)).toBe("[DONE]");
    },
  );

  it("answers a non-streaming request with one chat.completion body", async () => {
    const response = await postChat("openai", chatBody("hi", { stream: false }));
    expect(await response.json()).toMatchObject({
      object: "chat.completion",
      choices: [{ message: { role: "assistant", content: mock.expectedReply("openai", "hi") } }],
      usage: { prompt_tokens: 1, completion_tokens: 13 },
    });
  });

  it("uses CRLF line ends and keep-alive comments when asked", async () => {
    mock.setBehaviour({ crlf: true, comments: true, usage: false });
    const text = await (await postChat("novita", chatBody("hi", { stream: true }))).text();
    expect(text).toContain(": keep-alive\r\ndata: ");
    expect(text.endsWith("data: [DONE]\r\n\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(text).not.toContain('"usage"');
  });

  it("splits multi-byte characters across network reads with splitBytes", async () => {
    mock.setBehaviour({ splitBytes: true });
    const chunks = await readChunks(await postChat("openai", chatBody("hi", { stream: true })));
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const splitsCharacter = (chunk: Uint8Array) => {
      try {
        decoder.decode(chunk);
        return false;
      } catch {
        return true;
      }
    };
    expect(chunks.some(splitsCharacter)).toBe(true);
    expect(dataLines(Buffer.concat(chunks).toString("utf8")).at(-1)).toBe("[DONE]");
  });

  it("rejects a request without a key, or with the wrong one when a key is required", async () => {
    const missing = await postChat("together", chatBody("hi"), { Authorization: "" });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: { message: "Missing API key" } });

    mock.setBehaviour({ requireKey: "right-key" });
    const wrong = await postChat("together", chatBody("hi"), { Authorization: "Bearer wrong-key" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { message: "Invalid API key" } });
    expect((await postChat("together", chatBody("hi"), { Authorization: "Bearer right-key" })).status).toBe(
      200,
    );
  });

  it("answers invalid JSON with 400 and records the raw body", async () => {
    const response = await postChat("novita", "{not json");
    expect(response.status).toBe(400);
    expect(mock.requests("novita")).toMatchObject([{ body: "{not json" }]);
  });

  it("reads the ModelsLab key from the body and answers in either success shape", async () => {
    const body = { key: "k", model_id: "m", messages: [{ role: "user", content: "hi" }] };
    const missing = await postChat("modelslab", { ...body, key: undefined });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ status: "error", message: "Missing key" });

    const reply = mock.expectedReply("modelslab", "hi");
    expect(await (await postChat("modelslab", body)).json()).toEqual({ status: "success", output: reply });
    mock.setBehaviour({ modelslabShape: "choices" });
    expect(await (await postChat("modelslab", body)).json()).toEqual({
      choices: [{ message: { role: "assistant", content: reply } }],
    });
  });

  it("answers a status fault with that status and a JSON error", async () => {
    mock.setBehaviour({ fault: "400" });
    const response = await postChat("together", chatBody("hi"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: "Mock 400 error: invalid request" } });
  });

  it("refuses a prompt over the model's window as OpenAI does, and answers one within it", async () => {
    // "hi" is one token: 3 to start the reply and 4 for the message make 7.
    mock.setBehaviour({ contextWindow: 6 });
    const refused = await postChat("together", chatBody("hi"));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        message:
          "This model's maximum context length is 6 tokens. However, your messages resulted in 7 tokens. Please reduce the length of the messages.",
        type: "invalid_request_error",
        param: "messages",
        code: "context_length_exceeded",
      },
    });
    mock.setBehaviour({ contextWindow: 7 });
    expect((await postChat("together", chatBody("hi"))).status).toBe(200);
  });

  it("records each request with its vendor, path, lower-cased headers and parsed body", async () => {
    const seen = mock.nextRequest("openai");
    await postChat("openai", chatBody("hi"), { "X-Request-ID": "req-1" });
    const request = await seen;
    expect(request).toMatchObject({
      vendor: "openai",
      path: "/openai/v1/chat/completions",
      headers: { authorization: "Bearer test-key", "x-request-id": "req-1" },
      body: chatBody("hi"),
    });
    expect(mock.requests("together")).toEqual([]);
  });

  it("lets a message's directive override behaviour, per vendor where it says so", () => {
    mock.setBehaviour({ reply: "default layer", tokens: 2 });
    mock.setBehaviour({ reply: "vendor layer" }, "novita");
    const directive = '[[mock:{"reply":"directive","vendors":{"together":{"reply":"together only"}}}]]';
    expect(mock.expectedReply("openai", "plain message")).toBe("default layer");
    expect(mock.expectedReply("novita", "plain message")).toBe("vendor layer");
    expect(mock.expectedReply("novita", `hi ${directive}`)).toBe("directive");
    expect(mock.expectedReply("together", `hi ${directive}`)).toBe("together only");
  });

  it("accepts a directive whose JSON contains ]] and ignores a malformed one", () => {
    expect(mock.expectedReply("openai", '[[mock:{"reply":"a]]b"}]]')).toBe("a]]b");
    expect(mock.expectedReply("openai", '[[mock:{"reply":"broken"]]', { tokens: 1 })).toBe(
      "Mock openai reply: Hello",
    );
  });

  it("is controlled over HTTP: behaviour, recorded requests and reset", async () => {
    const control = (path: string, body?: unknown) =>
      fetch(`${mock.url}/__mock/${path}`, { method: "POST", body: JSON.stringify(body ?? {}) });
    expect((await control("behaviour", { vendor: "novita", fault: "429" })).status).toBe(200);
    expect((await postChat("novita", chatBody("hi"))).status).toBe(429);
    expect((await postChat("together", chatBody("hi"))).status).toBe(200);

    const listed = await (await fetch(`${mock.url}/__mock/requests?vendor=novita`)).json();
    expect(listed).toMatchObject([{ vendor: "novita", path: "/novita/v3/openai/chat/completions" }]);
    expect((await control("behaviour", { fault: "teapot" })).status).toBe(400);

    expect((await control("reset")).status).toBe(200);
    expect((await postChat("novita", chatBody("hi"))).status).toBe(200);
    expect(await (await fetch(`${mock.url}/__mock/requests`)).json()).toHaveLength(1);
  });

  it("answers unknown paths with a 404 JSON error", async () => {
    const response = await fetch(`${mock.url}/elsewhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it("ends hanging responses when closed", async () => {
    const other = await startMockVendor({ defaults: { fault: "hang" } });
    const seen = other.nextRequest();
    const pending = fetch(other.endpoint("together"), {
      method: "POST",
      headers: { Authorization: "Bearer k" },
      body: JSON.stringify(chatBody("hi")),
    });
    await seen;
    await other.close();
    await expect(pending).rejects.toThrow();
  });

  it("runs from the command line with its flags as the defaults, prints its endpoints and stops on SIGTERM", async () => {
    const script = fileURLToPath(new URL("./cli.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, "--port", "0", "--fault", "429"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [line] = (await once(child.stdout, "data")) as [Buffer];
    expect(line.toString()).toMatch(/http:\/\/127\.0\.0\.1:\d+\/together\/v1\/chat\/completions/);
    expect(line.toString()).toContain("/modelslab/api/v6/llm/uncensored_chat");
    const endpoint = line.toString().match(/together (\S+)/)![1]!;
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { Authorization: "Bearer k" },
      body: JSON.stringify(chatBody("hi")),
    });
    expect(response.status).toBe(429);
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });
});

describe("mock vendor request options", () => {
  const wholeReply = async (vendor: MockVendorName, extra: Record<string, unknown>) => {
    const body = (await (await postChat(vendor, chatBody("hi", extra))).json()) as {
      choices: { index: number; message: { content: string }; finish_reason: string }[];
    };
    return body.choices;
  };
  const streamedText = async (extra: Record<string, unknown>) => {
    const lines = dataLines(
      await (await postChat("together", chatBody("hi", { stream: true, ...extra }))).text(),
    );
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line));
    return chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("");
  };

  it("ends the reply before the first stop sequence, with finish_reason stop, whole and streamed", async () => {
    const [choice] = await wholeReply("novita", { stop: ["🙂", "世界"] });
    expect(choice).toMatchObject({
      message: { content: "Mock novita reply: Hello wörld " },
      finish_reason: "stop",
    });
    expect(await streamedText({ stop: "wörld" })).toBe("Mock together reply: Hello ");
    expect(mock.expectedReply("together", "hi", {}, { stop: ["wörld"] })).toBe("Mock together reply: Hello ");
  });

  it("answers n choices, whole and streamed", async () => {
    const choices = await wholeReply("openai", { n: 3 });
    expect(choices.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(new Set(choices.map((c) => c.message.content))).toEqual(
      new Set([mock.expectedReply("openai", "hi")]),
    );
    const lines = dataLines(
      await (await postChat("together", chatBody("hi", { stream: true, n: 2 }))).text(),
    );
    const finishes = lines
      .slice(0, -1)
      .map((line) => JSON.parse(line).choices[0])
      .filter((choice) => choice?.finish_reason);
    expect(finishes.map((c) => c.index)).toEqual([0, 1]);
  });

  it("gives the same reply for the same seed, and a reply of its own for another", async () => {
    const first = await streamedText({ seed: 42 });
    expect(await streamedText({ seed: 42 })).toBe(first);
    expect(first).toBe(mock.expectedReply("together", "hi", {}, { seed: 42 }));
    expect(first).not.toBe(mock.expectedReply("together", "hi"));
    expect(await streamedText({ seed: 43 })).not.toBe(first);
    expect(await streamedText({})).toBe(mock.expectedReply("together", "hi"));
  });

  it("replies with JSON for json_object, and with the required properties' typed values for json_schema", async () => {
    const [object] = await wholeReply("together", { response_format: { type: "json_object" } });
    expect(JSON.parse(object!.message.content)).toEqual({ reply: mock.expectedReply("together", "hi") });
    const schema = {
      type: "object",
      properties: {
        name: { type: "string" },
        age: { type: "integer", minimum: 18 },
        score: { type: "number" },
        tags: { type: "array", items: { type: "string" } },
        mood: { type: "string", enum: ["calm", "loud"] },
        address: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        ok: { type: "boolean" },
        nickname: { type: "string" },
      },
      required: ["name", "age", "score", "tags", "mood", "address", "ok"],
    };
    const format = { type: "json_schema", json_schema: { name: "person", schema } };
    const streamed = await streamedText({ response_format: format });
    expect(JSON.parse(streamed)).toEqual({
      name: "mock",
      age: 18,
      score: 1,
      tags: ["mock"],
      mood: "calm",
      address: { city: "mock" },
      ok: true,
    });
  });

  it("records the options each request carried", async () => {
    await postChat("together", chatBody("hi", { seed: 5, top_p: 0.3, user: "u-1" }));
    expect(mock.requests("together")[0]!.body).toMatchObject({ seed: 5, top_p: 0.3, user: "u-1" });
  });
});

describe("mock vendor command line", () => {
  it("has a flag for every behaviour setting, checked by the same schema as the control API", () => {
    const help = usage();
    for (const key of Object.keys(behaviourSchema.shape)) {
      const flag = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      expect(help).toMatch(new RegExp(`--(\\[no-\\])?${flag}\\b`));
    }
    expect(parseCli(["--fault", "cutoff", "--ttft-ms", "250", "--split-bytes", "--no-usage"])).toEqual({
      port: 4010,
      help: false,
      defaults: { fault: "cutoff", ttftMs: 250, splitBytes: true, usage: false },
    });
  });

  it("names each invalid flag", () => {
    const invalid = () => parseCli(["--fault", "teapot", "--tokens=-1"]);
    expect(invalid).toThrow(/^--fault: Invalid enum value/m);
    expect(invalid).toThrow(/^--tokens: Number must be greater than or equal to 0/m);
    expect(() => parseCli(["--port", "70000"])).toThrow("Invalid --port: 70000");
    expect(() => parseCli(["--colour", "red"])).toThrow();
  });
});
