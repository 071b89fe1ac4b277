/**
 * The OpenAI-compatible developer API (docs/product.md §12), driven by the official `openai` client: its
 * requests reach the /v1 routes through a fetch that dispatches to them, and a real worker answers them from
 * the mock vendor through the queue and the vendor walk, as chats are answered.
 */
import type { APIError } from "openai";
import OpenAI, {
  InternalServerError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, Output, streamText } from "ai";
import { v7 as uuidv7 } from "uuid";
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "#db/schema";
import { completionStreamKey } from "#contract/jobs";
import { purgeApiConversations } from "#worker/sweeper";
import { apiTexts, attachmentTexts, failureMessage, messages } from "~/modules/texts/catalogue";
import { createApiKey, revokeApiKey } from "~/modules/api/api-keys.server";
import { listChats } from "~/modules/chats/chats.server";
import * as chatCompletions from "~/routes/v1.chat.completions";
import * as models from "~/routes/v1.models";
import * as model from "~/routes/v1.models.$modelId";
import * as resume from "~/routes/v1.completions.$id.stream";
import * as unknown from "~/routes/v1.$";
import { requestStops } from "~/modules/completions/stop.server";
import { grantRoles, insertChat, insertModelWithWindow } from "../support/rows";
import { args, BASE } from "../support/route-calls";
import { directive, setUpTestEnv, setUpWorker } from "../support/test-env";

const PER_MINUTE = 20;
process.env.API_REQUESTS_PER_MINUTE = String(PER_MINUTE);
const KEYS_PER_USER = 4;
process.env.API_KEYS_PER_USER = String(KEYS_PER_USER);

const t = setUpTestEnv();
setUpWorker(4);

/** Sends a request to the /v1 route its path names, as the web server would. */
async function dispatch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  const resumed = /^\/v1\/completions\/([^/]+)\/stream$/.exec(path);
  const oneModel = /^\/v1\/models\/([^/]+)$/.exec(path);
  const get = request.method === "GET";
  if (path === "/v1/models") return get ? models.loader(args(request)) : models.action();
  if (oneModel)
    return get ? model.loader(args(request, { modelId: decodeURIComponent(oneModel[1]!) })) : model.action();
  if (path === "/v1/chat/completions")
    return get ? chatCompletions.loader() : chatCompletions.action(args(request));
  if (resumed)
    return get ? resume.loader(args(request, { id: decodeURIComponent(resumed[1]!) })) : resume.action();
  return request.method === "GET" ? unknown.loader() : unknown.action();
}

const clientFor = (apiKey: string) =>
  new OpenAI({ apiKey, baseURL: `${BASE}/v1`, fetch: dispatch, maxRetries: 0 });

async function userWithKey(plan: Plan = "professional", { demo = false } = {}) {
  const userId = await t.createUser();
  await t.db
    .updateTable("users")
    .set({ plan: "professional", is_demo: 0 })
    .where("id", "=", userId)
    .execute();
  const user = await t.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const { key, id } = await createApiKey(t.db, user, "test key");
  // The account changes after the key was made: a lapsed plan or a demo must stop the key.
  await t.db
    .updateTable("users")
    .set({ plan, is_demo: demo ? 1 : 0 })
    .where("id", "=", userId)
    .execute();
  return { userId, key, keyId: id, client: clientFor(key) };
}

const completionsOf = (userId: string) =>
  t.db.selectFrom("completions").select("id").where("user_id", "=", userId).execute();

/** Everything an API request stores for its user: its hidden chat, messages, completion and ledger line. */
async function storedFor(userId: string) {
  const count = (table: "chat_history" | "chat_messages" | "completions" | "usage_events") =>
    t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  return {
    chats: await count("chat_history"),
    messages: await count("chat_messages"),
    completions: await count("completions"),
    ledger: await count("usage_events"),
  };
}
const NOTHING = { chats: 0, messages: 0, completions: 0, ledger: 0 };

/** The refusal an API response carries, in OpenAI's error shape. */
const refusalOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string; type: string; code: string | null } }).error;
/** OpenAI's whole body for a request refused as invalid. */
const invalidRequest = (message: string, code: string) => ({
  error: { message, type: "invalid_request_error", param: null, code },
});

interface SseEvent {
  id: string | null;
  data: string;
}
/** A raw event stream's events, each with its `id:` (if any) and its `data:`. */
function sseEvents(raw: string): SseEvent[] {
  return raw
    .split("\n\n")
    .filter(Boolean)
    .map((event) => ({
      id: /^id: (.*)$/m.exec(event)?.[1] ?? null,
      data: /^data: (.*)$/m.exec(event)![1]!,
    }));
}
const chunksOf = (events: SseEvent[]) =>
  events.filter((e) => e.data.startsWith("{")).map((e) => JSON.parse(e.data) as OpenAI.ChatCompletionChunk);
const textOf = (events: SseEvent[]) =>
  chunksOf(events)
    .map((c) => c.choices[0]?.delta.content ?? "")
    .join("");

const MODEL = "dolphin-mixtral-8x22b";
const MODEL_NAME = "Dolphin Mixtral 8x22B";
/** A 1 × 1 PNG, as a client sends an image whole. */
const PIXEL_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe("GET /v1/models", () => {
  it("lists the catalogue in OpenAI's list format", async () => {
    const { client } = await userWithKey();
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain(MODEL);
    expect(ids).toContain("deepseek_v3");
  });

  it("retrieves one model as the SDK's models.retrieve does; an unknown one is NotFoundError naming it", async () => {
    const { client } = await userWithKey();
    expect(await client.models.retrieve(MODEL)).toMatchObject({
      id: MODEL,
      object: "model",
      owned_by: "rogue-ai",
    });
    const missing = await client.models.retrieve("no-such-model").then(
      () => null,
      (error: unknown) => error as NotFoundError,
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing!.message).toContain(apiTexts.unknownModel("no-such-model"));
    expect(missing!.code).toBe("model_not_found");
    const anonymous = await dispatch(`${BASE}/v1/models/${MODEL}`);
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /v1/chat/completions", () => {
  it("answers a whole reply through the queue and the worker, with usage, and records it as API usage of the key", async () => {
    const { userId, keyId, client } = await userWithKey();
    const question = "What is a haiku?";
    const next = t.mock.nextRequest("together");
    const { data, response } = await client.chat.completions
      .create({
        model: MODEL,
        messages: [
          { role: "system", content: "Answer in one line." },
          { role: "user", content: "Hello" },
          { role: "assistant", content: "Hi! Ask me anything." },
          { role: "user", content: question },
        ],
        temperature: 0.2,
        max_tokens: 50,
      })
      .withResponse();

    expect(data.object).toBe("chat.completion");
    expect(data.model).toBe(MODEL);
    expect(data.choices[0]).toMatchObject({
      index: 0,
      finish_reason: "stop",
      message: { role: "assistant", content: t.mock.expectedReply("together", question) },
    });
    expect(data.usage!.completion_tokens).toBeGreaterThan(0);
    expect(data.usage!.total_tokens).toBe(data.usage!.prompt_tokens + data.usage!.completion_tokens);
    const completionId = response.headers.get("X-Rogue-Completion-Id")!;
    expect(data.id).toBe(`chatcmpl-${completionId}`);

    // The vendor got the conversation as sent, at the request's temperature and max_tokens.
    const sent = (await next).body as Record<string, unknown>;
    expect(sent).toMatchObject({
      temperature: 0.2,
      max_tokens: 50,
      messages: [
        { role: "system", content: "Answer in one line." },
        { role: "user", content: "Hello" },
        { role: "assistant", content: "Hi! Ask me anything." },
        { role: "user", content: question },
      ],
    });
    const ledger = await t.db
      .selectFrom("usage_events")
      .selectAll()
      .where("completion_id", "=", completionId)
      .executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ source: "api", api_key_id: keyId, user_id: userId, status: "done" });
    expect(ledger.vendor).toBe("together");
    // The request's hidden chat never reaches the user's sidebar.
    expect(await listChats(t.db, { id: userId, plan: "professional" })).toEqual([]);
  });

  it("streams the reply as chat.completion.chunk events, with a usage chunk when asked, ending in [DONE]", async () => {
    const { client } = await userWithKey();
    const question = "Stream me something";
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: question }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    const chunks = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      text += chunk.choices[0]?.delta.content ?? "";
    }
    expect(text).toBe(t.mock.expectedReply("together", question));
    expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe("stop");
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage!.completion_tokens).toBeGreaterThan(0);
    expect(new Set(chunks.map((c) => c.object))).toEqual(new Set(["chat.completion.chunk"]));
  });

  /** Starts a streamed reply and leaves once its first text has come; resolves with the completion's id. */
  async function leaveAfterFirstText(key: string, question: string, headers: Record<string, string> = {}) {
    const client = new AbortController();
    const response = await dispatch(`${BASE}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: question }], stream: true }),
      signal: client.signal,
    });
    const completionId = response.headers.get("X-Rogue-Completion-Id")!;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes('"content":"w')) seen += decoder.decode((await reader.read()).value);
    client.abort();
    await reader.cancel();
    return completionId;
  }

  const ending = (completionId: string) =>
    t.db
      .selectFrom("usage_events")
      .innerJoin("completions", "completions.id", "usage_events.completion_id")
      .select(["usage_events.status", "completions.finished_at"])
      .where("usage_events.completion_id", "=", completionId)
      .executeTakeFirstOrThrow();

  it("stops the vendor call of a reply whose client went away, and keeps what was produced, on the ledger as stopped", async () => {
    const { key } = await userWithKey();
    // 300 words at 100 ms each: 30 s unless it is stopped.
    const reply = Array.from({ length: 300 }, (_, i) => `w${i}`).join(" ");
    const completionId = await leaveAfterFirstText(key, `Abandon me ${directive({ reply, tokenMs: 100 })}`);
    const left = Date.now();
    await t.mock.whenIdle();
    // The product stops it in milliseconds; the bound only has to tell that from the reply's 30 s.
    expect(Date.now() - left).toBeLessThan(10_000);
    await expect.poll(async () => (await ending(completionId)).status, { timeout: 10_000 }).toBe("stopped");
    expect((await ending(completionId)).finished_at).not.toBeNull();
    const kept = await t.db
      .selectFrom("chat_messages")
      .select("content")
      .where("completion_id", "=", completionId)
      .executeTakeFirstOrThrow();
    expect(kept.content.startsWith("w0")).toBe(true);
    expect(kept.content.length).toBeLessThan(reply.length);
  });

  it("ends a streamed reply cut by a ban with the suspension's error, never finish_reason stop", async () => {
    const { key, userId } = await userWithKey();
    const reply = Array.from({ length: 300 }, (_, i) => `w${i}`).join(" ");
    const response = await dispatch(`${BASE}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        model: MODEL,
        messages: [{ role: "user", content: `Ban me ${directive({ reply, tokenMs: 100 })}` }],
        stream: true,
      }),
    });
    const completionId = response.headers.get("X-Rogue-Completion-Id")!;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let raw = "";
    while (!raw.includes('"content":"w')) raw += decoder.decode((await reader.read()).value);
    // What the admin's Ban does (app/modules/admin/users.server.ts): the role, then a stop for each reply.
    await grantRoles(t.db, userId, ["banned"]);
    await requestStops(t.redis, [completionId]);
    for (let next = await reader.read(); !next.done; next = await reader.read())
      raw += decoder.decode(next.value);
    expect(raw).not.toContain('"finish_reason":"stop"');
    expect(raw.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const last = sseEvents(raw)
      .filter((e) => e.data !== "[DONE]")
      .at(-1)!;
    expect(JSON.parse(last.data)).toEqual({
      error: { message: messages.accountBanned, type: "permission_error", code: "account_suspended" },
    });
  });

  it("finishes a reply whose client went away when the request said X-Rogue-Keep-Reply: true, to be resumed", async () => {
    const { key } = await userWithKey();
    const reply = Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ");
    const completionId = await leaveAfterFirstText(key, `Keep me ${directive({ reply, tokenMs: 50 })}`, {
      "X-Rogue-Keep-Reply": "true",
    });
    await expect.poll(async () => (await ending(completionId)).status, { timeout: 15_000 }).toBe("done");
    const replay = await dispatch(`${BASE}/v1/completions/${completionId}/stream`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(textOf(sseEvents(await replay.text()))).toBe(reply);
  });

  it("sends data: [DONE] last, names the completion in a header, and replays a dropped stream from its offset, live and after the stream expired", async () => {
    const { key } = await userWithKey();
    // Tokens far enough apart to reach the stream as entries of their own.
    const question = `Resume me ${directive({ tokenMs: 30 })}`;
    const expected = t.mock.expectedReply("together", question);
    const response = await dispatch(`${BASE}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: question }], stream: true }),
    });
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    const completionId = response.headers.get("X-Rogue-Completion-Id")!;
    const raw = await response.text();
    expect(raw.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const events = sseEvents(raw);
    expect(textOf(events)).toBe(expected);
    // Every text chunk's id is the reply's length up to its end: the offset to resume from.
    const texts = events.filter((e) => e.id !== null && e.data.includes('"content":"'));
    expect(texts.length).toBeGreaterThan(3);
    const dropAt = texts[2]!;
    const kept = textOf(events.slice(0, events.indexOf(dropAt) + 1));
    expect(dropAt.id).toBe(String(kept.length));

    const resume = async (headers: Record<string, string>, query = "") => {
      const replay = await dispatch(`${BASE}/v1/completions/${completionId}/stream${query}`, {
        headers: { Authorization: `Bearer ${key}`, ...headers },
      });
      expect(replay.status).toBe(200);
      const raw = await replay.text();
      expect(raw.trimEnd().endsWith("data: [DONE]")).toBe(true);
      return sseEvents(raw);
    };
    const finishId = (events: SseEvent[]) =>
      events.find((e) => e.data.includes('"finish_reason":"stop"'))?.id;
    // An offset inside a chunk gets the rest of that chunk; one past the end, only the ending.
    const inside = kept.length + 2;
    const readBoth = async () => ({
      afterDrop: await resume({ "Last-Event-ID": dropAt.id! }),
      inside: await resume({}, `?after=${inside}`),
      pastEnd: await resume({ "Last-Event-ID": "999999" }),
      fromStart: await resume({ "Last-Event-ID": "not-an-offset" }),
    });
    const live = await readBoth();
    // Once the stream has expired, the reply is read from the database, from the same offsets.
    expect(await t.redis.del(completionStreamKey(completionId))).toBe(1);
    const stored = await readBoth();
    for (const replay of [live, stored]) {
      expect(kept + textOf(replay.afterDrop)).toBe(expected);
      expect(textOf(replay.inside)).toBe(expected.slice(inside));
      expect(textOf(replay.pastEnd)).toBe("");
      expect(textOf(replay.fromStart)).toBe(expected);
      expect(chunksOf(replay.fromStart)[0]!.choices[0]!.delta.role).toBe("assistant");
      expect(chunksOf(replay.afterDrop)[0]!.choices[0]!.delta.role).toBeUndefined();
      for (const events of Object.values(replay)) expect(finishId(events)).toBe(String(expected.length));
      expect(chunksOf(replay.afterDrop).at(-1)!.usage).toEqual(chunksOf(live.fromStart).at(-1)!.usage);
    }
  });

  it("says finish_reason 'length' when max_tokens cut the reply, whole and streamed, also after the stream expired", async () => {
    const { client, key } = await userWithKey();
    const messages = [
      { role: "user" as const, content: `count ${directive({ reply: "one two three four five six" })}` },
    ];
    const whole = await client.chat.completions.create({ model: MODEL, messages, max_tokens: 3 });
    expect(whole.choices[0]).toMatchObject({
      finish_reason: "length",
      message: { content: "one two three" },
    });
    expect(whole.usage!.completion_tokens).toBe(3);
    const enough = await client.chat.completions.create({ model: MODEL, messages, max_tokens: 6 });
    expect(enough.choices[0]).toMatchObject({
      finish_reason: "stop",
      message: { content: "one two three four five six" },
    });

    const { data: stream, response } = await client.chat.completions
      .create({
        model: MODEL,
        messages,
        max_tokens: 3,
        stream: true,
        stream_options: { include_usage: true },
      })
      .withResponse();
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("one two three");
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe("length");
    expect(chunks.at(-1)!.usage!.completion_tokens).toBe(3);

    const completionId = response.headers.get("X-Rogue-Completion-Id")!;
    expect(await t.redis.del(completionStreamKey(completionId))).toBe(1);
    const replay = await dispatch(`${BASE}/v1/completions/${completionId}/stream`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const replayed = chunksOf(sseEvents(await replay.text()));
    expect(replayed.at(-2)!.choices[0]!.finish_reason).toBe("length");
    expect(replayed.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("one two three");
  });

  it("walks the vendors like a chat: a failing active vendor falls back, and each attempt is recorded", async () => {
    const { client } = await userWithKey();
    const question = `fallback ${directive({ vendors: { together: { fault: "500" } } })}`;
    const { data, response } = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: "user", content: question }] })
      .withResponse();
    expect(data.choices[0]!.message.content).toBe(t.mock.expectedReply("novita", question));
    const attempts = await t.db
      .selectFrom("completion_attempts")
      .select(["vendor", "outcome"])
      .where("completion_id", "=", response.headers.get("X-Rogue-Completion-Id")!)
      .orderBy("id")
      .execute();
    expect(attempts).toEqual([
      { vendor: "together", outcome: "http" },
      { vendor: "novita", outcome: "ok" },
    ]);
  });

  it("continues a reply cut off part-way with the next vendor, as one stream", async () => {
    const { client } = await userWithKey();
    const question = `cut ${directive({ vendors: { together: { fault: "cutoff", faultAfterTokens: 3 } } })}`;
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: question }],
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    const completion = await t.db
      .selectFrom("chat_messages")
      .select(["content", "vendor"])
      .where("content", "=", text)
      .executeTakeFirstOrThrow();
    expect(completion.vendor).toBe("novita");
    expect(text.length).toBeGreaterThan(0);
  });

  it("answers a reply every vendor failed with a 502 in OpenAI's error shape", async () => {
    const { client } = await userWithKey();
    const question = `all down ${directive({ fault: "500" })}`;
    const error = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: "user", content: question }] })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as APIError).status).toBe(502);
    expect((error as APIError).message).toContain("API error (500)");
  });
});

/** The vendor rows a test changes, put back as they were once it ends. */
async function withVendors(
  change: (db: typeof t.db) => Promise<unknown>,
  test: () => Promise<void>,
): Promise<void> {
  const vendors = await t.db.selectFrom("api_vendors").selectAll().execute();
  const served = await t.db.selectFrom("api_vendor_models").select("id").execute();
  try {
    await change(t.db);
    await test();
  } finally {
    for (const { id, ...vendor } of vendors)
      await t.db.updateTable("api_vendors").set(vendor).where("id", "=", id).execute();
    await t.db
      .deleteFrom("api_vendor_models")
      .where(
        "id",
        "not in",
        served.map((row) => row.id),
      )
      .execute();
  }
}

/** Makes the OpenAI vendor (the only one taking `user`) serve the test model too. */
const openAiServes = (db: typeof t.db) =>
  db
    .insertInto("api_vendor_models")
    .values((eb) => ({
      vendor_id: eb.selectFrom("api_vendors").select("id").where("name", "=", "openai"),
      model_id: "gpt-mock",
      ai_model_id: MODEL,
      display_name: "Mock on OpenAI",
      is_available: 1,
      config: "{}",
    }))
    .execute();

const storedOptions = (completionId: string) =>
  t.db
    .selectFrom("completions")
    .select("request_options")
    .where("id", "=", completionId)
    .executeTakeFirstOrThrow()
    .then((row) => (row.request_options === null ? null : JSON.parse(row.request_options)));

describe("images, in OpenAI's image_url parts (docs/product.md §12)", () => {
  const VISION_MODEL = "qwen2.5-vl-72b-instruct";
  const parts = (url: string) => [
    { type: "text" as const, text: "What is in the picture?" },
    { type: "image_url" as const, image_url: { url } },
  ];

  it("sends a data URL's image to a model that sees, as the chat does, and stores it with the request", async () => {
    const { client, userId } = await userWithKey();
    const reply = await client.chat.completions.create({
      model: VISION_MODEL,
      messages: [{ role: "user", content: parts(PIXEL_URL) }],
    });
    expect(reply.choices[0]!.message.content).toBeTruthy();
    const sent = t.mock.requests().at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(sent.messages.at(-1)).toEqual({ role: "user", content: parts(PIXEL_URL) });
    expect(
      await t.db
        .selectFrom("attachments")
        .select(["name", "media_type", "width"])
        .where("user_id", "=", userId)
        .execute(),
    ).toEqual([{ name: "image-1.png", media_type: "image/png", width: 1 }]);
  });

  it.each([
    [
      "for a model that cannot see",
      MODEL,
      PIXEL_URL,
      () => attachmentTexts.imageNotSeen("image-1.png", MODEL_NAME),
    ],
    [
      "whose bytes are not an image",
      VISION_MODEL,
      `data:image/png;base64,${Buffer.from("just text").toString("base64")}`,
      () => attachmentTexts.imageUnreadable("image-1.png"),
    ],
  ])("400 for an image %s, naming it; nothing is stored", async (_, model, url, reason) => {
    const { client, userId } = await userWithKey();
    const error = await client.chat.completions
      .create({ model, messages: [{ role: "user", content: parts(url) }] })
      .then(
        () => null,
        (e: unknown) => e as APIError,
      );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error!.message).toContain(reason());
    expect(error!.code).toBe("invalid_image");
    expect(await storedFor(userId)).toEqual(NOTHING);
  });
});

describe("request options, passed on to the vendors that take them (the mock vendor honours them)", () => {
  it("sends stop, seed, top_p and the penalties, stores them with the completion, and the reply ends at the stop sequence", async () => {
    const { client } = await userWithKey();
    const question = "Sample with options";
    const options = {
      stop: ["🙂", "世界"],
      seed: 42,
      top_p: 0.5,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
    };
    const next = t.mock.nextRequest("together");
    const { data, response } = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: "user", content: question }], ...options })
      .withResponse();
    expect((await next).body).toMatchObject(options);
    expect(data.choices[0]).toMatchObject({
      finish_reason: "stop",
      message: { content: t.mock.expectedReply("together", question, {}, options) },
    });
    expect(await storedOptions(response.headers.get("X-Rogue-Completion-Id")!)).toEqual(options);
    // The same seed gives the mock's same reply again; another seed, another.
    const again = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: question }],
      seed: 42,
    });
    expect(again.choices[0]!.message.content).toBe(
      t.mock.expectedReply("together", question, {}, { seed: 42 }),
    );
    expect(again.choices[0]!.message.content).not.toBe(t.mock.expectedReply("together", question));
  });

  it("sends one stop string as a list, and a stream ends before it with finish_reason stop", async () => {
    const { client } = await userWithKey();
    const next = t.mock.nextRequest("together");
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "Stream until the world" }],
      stop: "世界",
      stream: true,
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect((await next).body).toMatchObject({ stop: ["世界"] });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe(
      "Mock together reply: Hello wörld ",
    );
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe("stop");
  });

  it("asks for JSON with response_format json_object and json_schema, and the reply is that JSON", async () => {
    const { client } = await userWithKey();
    const asJson = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "Answer in JSON" }],
      response_format: { type: "json_object" },
    });
    expect(JSON.parse(asJson.choices[0]!.message.content!)).toEqual({
      reply: t.mock.expectedReply("together", "Answer in JSON"),
    });
    const format = {
      type: "json_schema" as const,
      json_schema: {
        name: "city",
        strict: true,
        schema: {
          type: "object",
          properties: { name: { type: "string" }, population: { type: "integer" } },
          required: ["name", "population"],
          additionalProperties: false,
        },
      },
    };
    const next = t.mock.nextRequest("together");
    const city = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "A city, please" }],
      response_format: format,
    });
    expect((await next).body).toMatchObject({ response_format: format });
    expect(JSON.parse(city.choices[0]!.message.content!)).toEqual({ name: "mock", population: 1 });
  });

  it("passes `user` to the one vendor that takes it (OpenAI), skipping the others, and refuses it when no vendor serving the model takes it", async () => {
    const { client, userId } = await userWithKey();
    const refused = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: "user", content: "who am I" }], user: "end-user-7" })
      .then(
        () => null,
        (e: unknown) => e as APIError,
      );
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(refused!.param).toBe("user");
    expect(refused!.code).toBe("unsupported_parameter");
    expect(refused!.message).toContain(apiTexts.parameterNotTaken("user"));
    expect(await storedFor(userId)).toEqual(NOTHING);

    await withVendors(openAiServes, async () => {
      const next = t.mock.nextRequest("openai");
      const { data, response } = await client.chat.completions
        .create({ model: MODEL, messages: [{ role: "user", content: "who am I" }], user: "end-user-7" })
        .withResponse();
      expect((await next).body).toMatchObject({ model: "gpt-mock", user: "end-user-7" });
      expect(data.choices[0]!.message.content).toBe(t.mock.expectedReply("openai", "who am I"));
      const attempts = await t.db
        .selectFrom("completion_attempts")
        .select(["vendor", "outcome"])
        .where("completion_id", "=", response.headers.get("X-Rogue-Completion-Id")!)
        .execute();
      expect(attempts).toEqual([{ vendor: "openai", outcome: "ok" }]);
    });
  });

  it("skips an active vendor that cannot take an option, and answers from one that can", async () => {
    const { client } = await userWithKey();
    const activate = (name: string) => async (db: typeof t.db) => {
      await db.updateTable("api_vendors").set({ is_active: 0 }).execute();
      await db.updateTable("api_vendors").set({ is_active: 1 }).where("name", "=", name).execute();
    };
    await withVendors(activate("modelslab"), async () => {
      const modelslabCalls = t.mock.requests("modelslab").length;
      const { data, response } = await client.chat.completions
        .create({ model: MODEL, messages: [{ role: "user", content: "stop here" }], stop: ["🙂"] })
        .withResponse();
      expect(data.choices[0]!.message.content).toBe(
        t.mock.expectedReply("together", "stop here", {}, { stop: ["🙂"] }),
      );
      expect(t.mock.requests("modelslab")).toHaveLength(modelslabCalls);
      const attempts = await t.db
        .selectFrom("completion_attempts")
        .select("vendor")
        .where("completion_id", "=", response.headers.get("X-Rogue-Completion-Id")!)
        .execute();
      expect(attempts).toEqual([{ vendor: "together" }]);
      // What ModelsLab does take, it is sent.
      const next = t.mock.nextRequest("modelslab");
      await client.chat.completions.create({
        model: MODEL,
        messages: [{ role: "user", content: "sample" }],
        top_p: 0.25,
        presence_penalty: 1,
        temperature: 0.4,
      });
      expect((await next).body).toMatchObject({ top_p: 0.25, presence_penalty: 1, temperature: 0.4 });
    });
  });

  it("fails with unsupported_parameter, naming it, when every vendor the worker may try cannot take an option", async () => {
    const { client } = await userWithKey();
    // OpenAI serves the model but has no key: the API lets `user` through, the worker finds no vendor to take it.
    const keyless = async (db: typeof t.db) => {
      await openAiServes(db);
      await db
        .updateTable("api_vendors")
        .set({ api_key_encrypted: null })
        .where("name", "=", "openai")
        .execute();
    };
    await withVendors(keyless, async () => {
      const vendorCalls = t.mock.requests().length;
      const error = await client.chat.completions
        .create({ model: MODEL, messages: [{ role: "user", content: "nobody takes me" }], user: "u-9" })
        .then(
          () => null,
          (e: unknown) => e as APIError,
        );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error!.param).toBe("user");
      expect(error!.message).toContain(failureMessage({ code: "unsupported_parameter", detail: "user" }));
      expect(t.mock.requests()).toHaveLength(vendorCalls);
    });
  });
});

describe("the Vercel AI SDK's OpenAI-compatible provider, unchanged, against /v1", () => {
  const providerFor = (apiKey: string) =>
    createOpenAICompatible({
      name: "rogue",
      baseURL: `${BASE}/v1`,
      apiKey,
      fetch: dispatch,
      includeUsage: true,
      // Sends response_format json_schema for structured output, as OpenAI's own models take it.
      supportsStructuredOutputs: true,
    });

  it("generateText, streamText and stopSequences", async () => {
    const { key } = await userWithKey();
    const model = providerFor(key).chatModel(MODEL);
    const whole = await generateText({ model, prompt: "Hello from the AI SDK", maxRetries: 0 });
    expect(whole.text).toBe(t.mock.expectedReply("together", "Hello from the AI SDK"));
    expect(whole.finishReason).toBe("stop");
    expect(whole.usage.outputTokens).toBeGreaterThan(0);

    const streamed = streamText({ model, prompt: "Stream from the AI SDK", maxRetries: 0 });
    let text = "";
    for await (const delta of streamed.textStream) text += delta;
    expect(text).toBe(t.mock.expectedReply("together", "Stream from the AI SDK"));
    expect((await streamed.usage).outputTokens).toBeGreaterThan(0);

    const next = t.mock.nextRequest("together");
    const stopped = await generateText({
      model,
      prompt: "Stop at the world",
      stopSequences: ["世界"],
      maxRetries: 0,
    });
    expect((await next).body).toMatchObject({ stop: ["世界"] });
    expect(stopped.text).toBe("Mock together reply: Hello wörld ");
    expect(stopped.finishReason).toBe("stop");
  });

  it("structured output: generateText with Output.object and a zod schema, whole and streamed", async () => {
    const { key } = await userWithKey();
    const model = providerFor(key).chatModel(MODEL);
    const schema = z.object({ city: z.string(), population: z.number().int(), coastal: z.boolean() });
    const next = t.mock.nextRequest("together");
    const { output } = await generateText({
      model,
      prompt: "Name a city",
      output: Output.object({ schema, name: "city" }),
      maxRetries: 0,
    });
    expect(output).toEqual({ city: "mock", population: 1, coastal: true });
    expect((await next).body).toMatchObject({
      response_format: { type: "json_schema", json_schema: { name: "city", strict: true } },
    });

    const streamed = streamText({
      model,
      prompt: "Stream a city",
      output: Output.object({ schema }),
      maxRetries: 0,
    });
    expect(await streamed.output).toEqual({ city: "mock", population: 1, coastal: true });
  });
});

describe("refusals, each in OpenAI's shape and mapped to the client's exception; nothing is stored", () => {
  const ask = (client: OpenAI, body: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
    client.chat.completions
      .create({ model: MODEL, messages: [{ role: "user", content: "hi" }], ...body })
      .then(
        () => null,
        (e: unknown) => e as APIError,
      );

  it("401 AuthenticationError: no key, a malformed header, an unknown key, a revoked key", async () => {
    const { userId, key, keyId } = await userWithKey();
    const bare = await dispatch(`${BASE}/v1/models`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual(invalidRequest(apiTexts.missingKey, "missing_api_key"));
    const basic = await dispatch(`${BASE}/v1/models`, { headers: { Authorization: `Basic ${key}` } });
    expect((await refusalOf(basic)).message).toBe(apiTexts.malformedKey);

    for (const authorization of ["Bearer", "Bearer ", `Bearer ${key} ${key}`, `Token ${key}`, key]) {
      const refused = await dispatch(`${BASE}/v1/chat/completions`, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/json" },
        body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "hi" }] }),
      });
      expect(refused.status).toBe(401);
      expect((await refusalOf(refused)).code).toMatch(/^(missing|invalid)_api_key$/);
    }

    const unknownKey = await ask(clientFor(`rk-${"A".repeat(43)}`));
    expect(unknownKey).toBeInstanceOf(AuthenticationError);
    expect(unknownKey!.message).toContain(apiTexts.invalidKey);
    expect(await ask(clientFor("sk-not-ours"))).toBeInstanceOf(AuthenticationError);

    await revokeApiKey(t.db, userId, keyId);
    expect(await ask(clientFor(key))).toBeInstanceOf(AuthenticationError);
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it("403 PermissionDeniedError with the upgrade message: a Starter account, a demo, a lapsed plan", async () => {
    const starter = await userWithKey("starter");
    const demo = await userWithKey("professional", { demo: true });
    const lapsed = await userWithKey();
    await t.db
      .updateTable("users")
      .set({ plan_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", lapsed.userId)
      .execute();
    for (const { client, userId } of [starter, demo, lapsed]) {
      const error = await ask(client);
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error!.message).toContain(apiTexts.professionalOnly);
      expect(await storedFor(userId)).toEqual(NOTHING);
    }
  });

  it("403 at once for a banned user's key, and for a restricted user's request", async () => {
    const banned = await userWithKey();
    expect((await banned.client.models.list()).data.length).toBeGreaterThan(0);
    await grantRoles(t.db, banned.userId, ["banned"]);
    const refused = await ask(banned.client);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(refused!.message).toContain(messages.accountBanned);

    const restricted = await userWithKey();
    await grantRoles(t.db, restricted.userId, ["restricted"]);
    const error = await ask(restricted.client);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error!.message).toContain(messages.restricted);
    expect(await storedFor(restricted.userId)).toEqual(NOTHING);
    expect(await storedFor(banned.userId)).toEqual(NOTHING);
  });

  it("404 NotFoundError for an unknown model and an unknown /v1 path", async () => {
    const { client, userId } = await userWithKey();
    const error = await ask(client, { model: "gpt-17" });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error!.message).toContain(apiTexts.unknownModel("gpt-17"));
    expect((error as NotFoundError).code).toBe("model_not_found");
    const path = await client.get("/nothing-here").then(
      () => null,
      (e: unknown) => e,
    );
    expect(path).toBeInstanceOf(NotFoundError);
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it.each([
    ["a wrong type", { temperature: "hot" }, "temperature"],
    ["a temperature out of range", { temperature: 3 }, "temperature"],
    ["no messages", { messages: [] }, "messages"],
    ["an unknown role", { messages: [{ role: "robot", content: "x" }] }, "messages[0].role"],
    [
      "an assistant message last",
      { messages: [{ role: "assistant", content: "x" }] },
      apiTexts.lastMessageUser,
    ],
    ["a blank question", { messages: [{ role: "user", content: "  " }] }, messages.messageRequired],
    [
      "a message over 32 KB",
      { messages: [{ role: "user", content: "x".repeat(32 * 1024 + 1) }] },
      messages.messageTooLong,
    ],
    ["max_tokens of 0", { max_tokens: 0 }, "max_tokens"],
    ["max_tokens not a whole number", { max_tokens: 1.5 }, "max_tokens"],
    ["a model that is not a string", { model: 42 }, "model"],
    ["messages that are not a list", { messages: "hi" }, "messages"],
    [
      "a message content that is a number",
      { messages: [{ role: "user", content: 7 }] },
      "messages[0].content",
    ],
    [
      "an image at a web address, which the service does not fetch",
      {
        messages: [
          {
            role: "user",
            content: [{ type: "image_url", image_url: { url: "https://example.com/cat.png" } }],
          },
        ],
      },
      apiTexts.imageUrlNotData,
    ],
    [
      "an image in an assistant message",
      {
        messages: [
          { role: "assistant", content: [{ type: "image_url", image_url: { url: PIXEL_URL } }] },
          { role: "user", content: "hi" },
        ],
      },
      apiTexts.imagesOnlyFromUser,
    ],
    [
      "an audio part",
      {
        messages: [
          { role: "user", content: [{ type: "input_audio", input_audio: { data: "", format: "wav" } }] },
        ],
      },
      "messages[0].content",
    ],
    ["stream as a string", { stream: "yes" }, "stream"],
    [
      "more than 200 messages",
      { messages: Array.from({ length: 201 }, () => ({ role: "user", content: "x" })) },
      "messages",
    ],
    [
      "an earlier message over 32 KB",
      {
        messages: [
          { role: "system", content: "é".repeat(16 * 1024 + 1) },
          { role: "user", content: "hi" },
        ],
      },
      messages.messageTooLong,
    ],
  ])("400 BadRequestError for %s", async (_, body, mentions) => {
    const { client, userId } = await userWithKey();
    const error = await ask(client, body as never);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error!.message).toContain(mentions);
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it.each([
    ["two choices", { n: 2 }, "n"],
    ["log probabilities", { logprobs: true }, "logprobs"],
    ["token biases", { logit_bias: { "50256": -100 } }, "logit_bias"],
    [
      "tools",
      { tools: [{ type: "function", function: { name: "f", parameters: {} } }], tool_choice: "required" },
      "tools",
    ],
  ])("400 naming the parameter for %s, which the service would not act on", async (_, extra, param) => {
    const { client, userId } = await userWithKey();
    const error = await ask(client, extra as never);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error!.message).toContain(apiTexts.unsupportedParameter(param));
    expect(error!.param).toBe(param);
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it.each([
    ["top_p above 1", { top_p: 1.5 }, "top_p"],
    ["top_p below 0", { top_p: -0.1 }, "top_p"],
    ["a presence_penalty above 2", { presence_penalty: 2.5 }, "presence_penalty"],
    ["a frequency_penalty below -2", { frequency_penalty: -3 }, "frequency_penalty"],
    ["a penalty that is not a number", { frequency_penalty: "high" }, "frequency_penalty"],
    ["five stop sequences", { stop: ["a", "b", "c", "d", "e"] }, "stop"],
    ["an empty stop sequence", { stop: "" }, "stop"],
    ["a stop sequence that is not a string", { stop: [1] }, "stop"],
    ["a seed that is not a whole number", { seed: 1.5 }, "seed"],
    ["a seed that is a string", { seed: "42" }, "seed"],
    ["an unknown response_format type", { response_format: { type: "xml" } }, "response_format.type"],
    [
      "a json_schema without its name",
      { response_format: { type: "json_schema", json_schema: { schema: {} } } },
      "response_format.json_schema.name",
    ],
    [
      "a json_schema whose schema is not an object",
      { response_format: { type: "json_schema", json_schema: { name: "x", schema: "any" } } },
      "response_format.json_schema.schema",
    ],
    ["a user that is not a string", { user: 42 }, "user"],
  ])("400 naming the parameter for %s, checked at OpenAI's ranges", async (_, extra, param) => {
    const { client, userId } = await userWithKey();
    const error = await ask(client, extra as never);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error!.param).toBe(param);
    expect(error!.message).toContain(param);
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it("400 in OpenAI's words for a parameter OpenAI does not have, and for tool calls in the history", async () => {
    const { client, userId } = await userWithKey();
    const unknown = await ask(client, { temprature: 0.5 } as never);
    expect(unknown!.message).toContain(apiTexts.unrecognizedParameter("temprature"));
    expect(unknown!.param).toBe("temprature");
    const toolResult = await ask(client, {
      messages: [
        { role: "user", content: "weather?" },
        { role: "tool", tool_call_id: "call_1", content: "sunny" },
        { role: "user", content: "so?" },
      ],
    } as never);
    expect(toolResult!.message).toContain(apiTexts.toolsUnsupported);
    expect(toolResult!.param).toBe("messages[1].role");
    const toolCall = await ask(client, {
      messages: [
        { role: "user", content: "weather?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "weather", arguments: "{}" } }],
        },
        { role: "user", content: "so?" },
      ],
    } as never);
    expect(toolCall!.message).toContain(apiTexts.toolsUnsupported);
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it("accepts OpenAI's parameters at the values that ask for nothing, as clients such as LangChain send them", async () => {
    const { client } = await userWithKey();
    const reply = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "defaults" }],
      n: 1,
      stop: null,
      seed: null,
      user: "",
      logprobs: false,
      response_format: { type: "text" },
      tools: [],
    });
    expect(reply.choices[0]!.message.content).toBe(t.mock.expectedReply("together", "defaults"));
    expect(t.mock.requests("together").at(-1)!.body).not.toHaveProperty("stop");
  });

  it("400 for a body that is not JSON, and 405 in OpenAI's shape for a method an endpoint does not take", async () => {
    const { key, userId } = await userWithKey();
    const response = await dispatch(`${BASE}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: '{"model": "dolphin-mixtral-8x22b", "messages": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalidRequest(apiTexts.invalidJson, "invalid_json"));
    for (const body of ["[]", "null", '"hello"', "42", ""]) {
      const refused = await dispatch(`${BASE}/v1/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body,
      });
      expect(refused.status).toBe(400);
      expect((await refusalOf(refused)).type).toBe("invalid_request_error");
    }
    const wrongMethods = [
      [`${BASE}/v1/chat/completions`, "GET", "POST"],
      [`${BASE}/v1/models`, "POST", "GET"],
      [`${BASE}/v1/models/${MODEL}`, "POST", "GET"],
      [`${BASE}/v1/completions/${uuidv7()}/stream`, "POST", "GET"],
    ] as const;
    for (const [url, method, allow] of wrongMethods) {
      const refused = await dispatch(url, { method, headers: { Authorization: `Bearer ${key}` } });
      expect(refused.status).toBe(405);
      expect(refused.headers.get("Allow")).toBe(allow);
      expect(await refused.json()).toEqual({
        error: {
          message: apiTexts.methodNotAllowed,
          type: "invalid_request_error",
          param: null,
          code: "method_not_allowed",
        },
      });
    }
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it("429 RateLimitError with Retry-After past the account's requests per minute, all its keys together; another account is not affected", async () => {
    const { client, key, userId } = await userWithKey();
    const user = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const second = clientFor((await createApiKey(t.db, user, "second key")).key);
    for (let i = 0; i < PER_MINUTE; i++) await (i % 2 ? second : client).models.list();
    const error = await client.models.list().then(
      () => null,
      (e: unknown) => e as RateLimitError,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error!.message).toContain(apiTexts.rateLimited(PER_MINUTE));
    expect(Number(error!.headers?.get("retry-after"))).toBeGreaterThan(0);
    const same = await dispatch(`${BASE}/v1/models`, { headers: { Authorization: `Bearer ${key}` } });
    expect(same.status).toBe(429);
    const other = await userWithKey();
    expect((await other.client.models.list()).data.length).toBeGreaterThan(0);
  });

  it("the resume endpoint: 404 for another user's completion, a chat's, an unknown or malformed id; 403 for a banned user's own", async () => {
    const { client, key, userId } = await userWithKey();
    const { response } = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: "user", content: "keep me" }] })
      .withResponse();
    const completionId = response.headers.get("X-Rogue-Completion-Id")!;
    const resume = (id: string, apiKey = key) =>
      dispatch(`${BASE}/v1/completions/${id}/stream`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect((await resume(`chatcmpl-${completionId}`)).status).toBe(200);

    const other = await userWithKey();
    // A chat's completion of the same user is not the API's to replay.
    const { completionId: chatCompletion } = await t.createCompletion(userId, "a chat's question");
    for (const [id, apiKey] of [
      [completionId, other.key],
      [chatCompletion, key],
      ["0190a0a0-0000-7000-8000-000000000000", key],
      ["%00", key],
      ["x".repeat(2000), key],
      [encodeURIComponent("' or 1=1 --"), key],
    ] as const) {
      const refused = await resume(id, apiKey);
      expect(refused.status).toBe(404);
      expect((await refusalOf(refused)).code).toBe("completion_not_found");
    }

    await grantRoles(t.db, userId, ["banned"]);
    const banned = await resume(completionId);
    expect(banned.status).toBe(403);
    expect((await refusalOf(banned)).message).toBe(messages.accountBanned);
    expect(await storedFor(other.userId)).toEqual(NOTHING);
    expect(await completionsOf(userId)).toHaveLength(2);
  });

  it("400 for a NUL character in a message (no database stores one), and answers the next request as usual", async () => {
    const { client, userId } = await userWithKey();
    const error = await ask(client, { messages: [{ role: "user", content: "a\u0000b" }] });
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error!.message).toContain("messages[0].content");
    expect(await storedFor(userId)).toEqual(NOTHING);
    // After every refusal above, the same process still answers.
    const reply = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "still there?" }],
    });
    expect(reply.choices[0]!.message.content).toBe(t.mock.expectedReply("together", "still there?"));
  });
});

describe("a request over the model's context window: OpenAI's 400 context_length_exceeded", () => {
  const SMALL = "api-small-window";
  beforeAll(() => insertModelWithWindow(t.db, SMALL, 400, 100));

  const post = (key: string, messages: { role: string; content: string }[]) =>
    dispatch(`${BASE}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: SMALL, messages }),
    });
  const exceeded = {
    error: {
      message: failureMessage({ code: "context_length" }),
      type: "invalid_request_error",
      param: "messages",
      code: "context_length_exceeded",
    },
  };

  it("refuses a question that alone does not fit before anything is stored, as the SDK's BadRequestError", async () => {
    const { userId, key, client } = await userWithKey();
    const question = { role: "user", content: "too long ".repeat(400) };
    const response = await post(key, [question]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(exceeded);
    const error = await client.chat.completions
      .create({ model: SMALL, messages: [{ role: "user", content: question.content }] })
      .then(
        () => null,
        (e: unknown) => e as APIError,
      );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: "context_length_exceeded", param: "messages" });
    expect(await storedFor(userId)).toEqual(NOTHING);
  });

  it("maps the worker's refusal of a system message and question that together do not fit to the same 400", async () => {
    const { key } = await userWithKey();
    const before = t.mock.requests().length;
    // Each fits alone (about 200 and 150 tokens of a 300-token budget); together they do not.
    const response = await post(key, [
      { role: "system", content: "Follow these rules. ".repeat(50) },
      { role: "user", content: "Short question. ".repeat(50) },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(exceeded);
    expect(t.mock.requests()).toHaveLength(before);
  });
});

describe("API keys", () => {
  it("stores only a hash and a visible prefix; the key is shown once", async () => {
    const { key, keyId } = await userWithKey();
    expect(key).toMatch(/^rk-[A-Za-z0-9_-]{43}$/);
    const row = await t.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", keyId)
      .executeTakeFirstOrThrow();
    expect(row.prefix).toBe(key.slice(0, 11));
    expect(JSON.stringify(row)).not.toContain(key.slice(11));
    expect(row.last_used_at).toBeNull();
  });

  it("refuses a key beyond API_KEYS_PER_USER in force, made in parallel too, and makes one again after a revoke", async () => {
    const { userId, keyId } = await userWithKey();
    const user = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const tries = await Promise.all(
      Array.from({ length: KEYS_PER_USER + 2 }, (_, i) =>
        createApiKey(t.db, user, `key ${i}`).then(
          () => null,
          (error: { status: number; message: string }) => error,
        ),
      ),
    );
    const refused = tries.filter((outcome) => outcome !== null);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ status: 409, message: apiTexts.tooManyKeys(KEYS_PER_USER) });
    const inForce = () =>
      t.db
        .selectFrom("api_keys")
        .select("id")
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .execute();
    expect(await inForce()).toHaveLength(KEYS_PER_USER);
    await revokeApiKey(t.db, userId, keyId);
    await createApiKey(t.db, user, "after a revoke");
    expect(await inForce()).toHaveLength(KEYS_PER_USER);
  });

  it("refuses to make a key for a Starter account, and to revoke someone else's", async () => {
    const starterId = await t.createUser();
    const starter = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", starterId)
      .executeTakeFirstOrThrow();
    await expect(createApiKey(t.db, starter, "nope")).rejects.toMatchObject({ status: 403 });
    const { keyId } = await userWithKey();
    await expect(revokeApiKey(t.db, starterId, keyId)).rejects.toMatchObject({ status: 404 });
    expect(
      await t.db
        .selectFrom("api_keys")
        .select("revoked_at")
        .where("id", "=", keyId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ revoked_at: null });
  });

  it("keeps an API conversation a day, then deletes its text but not its usage; chats are untouched", async () => {
    const { userId, client } = await userWithKey();
    const { response } = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: "user", content: "forget me" }] })
      .withResponse();
    const completionId = response.headers.get("X-Rogue-Completion-Id")!;
    const chatOfDayBefore = await insertChat(t.db, userId, "a real chat", { hoursAgo: 30 });
    const textOf = () =>
      t.db
        .selectFrom("chat_messages")
        .innerJoin("completions", "completions.chat_id", "chat_messages.chat_id")
        .select("chat_messages.content")
        .where("completions.id", "=", completionId)
        .execute();
    expect(await textOf()).not.toEqual([]);
    await purgeApiConversations(t.db);
    expect(await textOf()).not.toEqual([]);

    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await t.db
      .updateTable("chat_history")
      .set({ updated_at: dayAgo })
      .where("user_id", "=", userId)
      .execute();
    await purgeApiConversations(t.db);
    expect(await textOf()).toEqual([]);
    expect(await completionsOf(userId)).toEqual([]);
    const ledger = await t.db
      .selectFrom("usage_events")
      .select("status")
      .where("completion_id", "=", completionId)
      .execute();
    expect(ledger).toEqual([{ status: "done" }]);
    expect(
      await t.db.selectFrom("chat_history").select("id").where("id", "=", chatOfDayBefore).execute(),
    ).toHaveLength(1);
  });
});
