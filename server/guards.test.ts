/** The web's request guards, on a real Express server: cross-site refusals, body caps and body types. */
import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/modules/texts/catalogue";
import { API_BODY_LIMIT, CHAT_BODY_LIMIT, FORM_BODY_LIMIT, requestGuards } from "./guards";

let server: Server;
let origin: string;
/** How many body bytes the app behind the guards read: a refused request must leave this untouched. */
let bytesRead = 0;

beforeAll(async () => {
  const app = express();
  app.use(requestGuards({ trustProxy: false }));
  app.all("*", (req, res) => {
    req.on("data", (chunk: Buffer) => (bytesRead += chunk.length));
    req.on("end", () => res.status(200).send("ok"));
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sends the body without a Content-Length (chunked). */
  chunked?: boolean;
}

/** A request's answer with its headers. */
function exchange(
  { method = "POST", path = "/signin", headers = {}, body = "", chunked = false }: Sent,
  to = origin,
) {
  return new Promise<{ status: number; text: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const data = typeof body === "string" ? Buffer.from(body) : body;
    const req = httpRequest(`${to}${path}`, {
      method,
      headers: {
        ...(method === "GET" ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
        ...(chunked ? {} : { "Content-Length": String(data.length) }),
        ...headers,
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    // A refused upload is cut off mid-way; the answer has already arrived.
    req.on("error", (error) => (error.message.includes("EPIPE") ? undefined : reject(error)));
    // Written before end(): Node would otherwise count a single end(data) and add the length itself.
    if (chunked) req.write(data);
    req.end(chunked ? undefined : data);
  });
}

const send = (sent: Sent, to?: string) => exchange(sent, to).then(({ status, text }) => ({ status, text }));

const form = "email=a%40b.c&password=x";

describe("cross-site requests", () => {
  it("lets a same-origin form post through", async () => {
    expect(await send({ headers: { Origin: origin }, body: form })).toEqual({ status: 200, text: "ok" });
  });

  it.each(["/signin", "/chat/abc.data", "/chat/abc/delete.data", "/api/chats", "/signout"])(
    "refuses a post to %s from another origin with 403",
    async (path) => {
      const before = bytesRead;
      const res = await send({ path, headers: { Origin: "https://evil.example" }, body: form });
      expect(res).toEqual({ status: 403, text: messages.crossSite });
      expect(bytesRead).toBe(before);
    },
  );

  it.each(["PUT", "PATCH", "DELETE"])("refuses a cross-site %s", async (method) => {
    expect((await send({ method, headers: { Origin: "https://evil.example" } })).status).toBe(403);
  });

  it.each(["null", "not a url", "http://127.0.0.1:1", `${"http"}://127.0.0.1.evil.example`, " "])(
    "refuses the malformed or foreign Origin %j with 403",
    async (value) => {
      expect((await send({ headers: { Origin: value }, body: form })).status).toBe(403);
    },
  );

  it("refuses an Origin that is this site's with a path added", async () => {
    expect((await send({ headers: { Origin: `${origin}/` }, body: form })).status).toBe(403);
  });

  it.each(["cross-site", "same-site"])(
    "without Origin, refuses Sec-Fetch-Site: %s and allows same-origin",
    async (site) => {
      expect((await send({ headers: { "Sec-Fetch-Site": site }, body: form })).status).toBe(403);
      expect((await send({ headers: { "Sec-Fetch-Site": "same-origin" }, body: form })).status).toBe(200);
    },
  );

  it("leaves GET alone, whatever its Origin", async () => {
    expect((await send({ method: "GET", headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("body size", () => {
  it("refuses a form over 64 KB with 413 before reading it", async () => {
    const before = bytesRead;
    const res = await send({ headers: { Origin: origin }, body: "a=" + "x".repeat(FORM_BODY_LIMIT) });
    expect(res).toEqual({ status: 413, text: messages.requestTooLarge });
    expect(bytesRead).toBe(before);
  });

  it("refuses a 100 MB upload by its declared length, without reading it", async () => {
    const before = bytesRead;
    const res = await send({
      headers: { Origin: origin, "Content-Length": String(100 * 1024 * 1024) },
      body: "a=1",
    });
    expect(res.status).toBe(413);
    expect(bytesRead).toBe(before);
  });

  it("lets a chat message at its own limit through to the chat's forms, even URL-encoded", async () => {
    const message = "é".repeat(16 * 1024); // 32 KB of UTF-8, 96 KB URL-encoded
    const body = `intent=send&content=${encodeURIComponent(message)}`;
    expect(body.length).toBeGreaterThan(FORM_BODY_LIMIT);
    expect((await send({ path: "/chat/abc.data", headers: { Origin: origin }, body })).status).toBe(200);
    expect((await send({ path: "/api/chat-send/abc", headers: { Origin: origin }, body })).status).toBe(200);
    expect((await send({ path: "/settings", headers: { Origin: origin }, body })).status).toBe(413);
  });

  it("refuses a chat post over the chat's limit with 413", async () => {
    const body = "content=" + "x".repeat(CHAT_BODY_LIMIT);
    expect((await send({ path: "/chat", headers: { Origin: origin }, body })).status).toBe(413);
    expect((await send({ path: "/api/chat-send", headers: { Origin: origin }, body })).status).toBe(413);
  });

  it("lets a chat post carry the files it may attach, and an API request their base64, and no other form", async () => {
    const app = express();
    app.use(requestGuards({ trustProxy: false, chatFileBytes: 1_000_000 }));
    app.all("*", (req, res) => req.resume().on("end", () => res.status(200).send("ok")));
    const withFiles = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const filesOrigin = `http://127.0.0.1:${(withFiles.address() as AddressInfo).port}`;
    try {
      const body = "content=" + "x".repeat(CHAT_BODY_LIMIT + 500_000);
      const post = (path: string) => send({ path, headers: { Origin: filesOrigin }, body }, filesOrigin);
      expect((await post("/chat/abc")).status).toBe(200);
      expect((await post("/api/chat-send")).status).toBe(200);
      expect((await post("/settings")).status).toBe(413);
      const api = (size: number) =>
        send(
          {
            path: "/v1/chat/completions",
            headers: { "Content-Type": "application/json" },
            body: "x".repeat(size),
          },
          filesOrigin,
        );
      expect((await api(API_BODY_LIMIT + 1_300_000)).status).toBe(200);
      expect((await api(API_BODY_LIMIT + 1_400_000)).status).toBe(413);
    } finally {
      await new Promise<void>((resolve) => withFiles.close(() => resolve()));
    }
  });

  it("refuses a body without a declared length with 411", async () => {
    const res = await send({ headers: { Origin: origin }, body: form, chunked: true });
    expect(res).toEqual({ status: 411, text: messages.lengthRequired });
  });
});

describe("body type", () => {
  it.each(["application/json", "text/plain", "application/xml"])(
    "refuses a %s body to a form action with 415",
    async (type) => {
      const res = await send({ headers: { Origin: origin, "Content-Type": type }, body: '{"a":1}' });
      expect(res).toEqual({ status: 415, text: messages.unsupportedBody });
    },
  );

  it("lets multipart form data through", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
    const headers = { Origin: origin, "Content-Type": "multipart/form-data; boundary=b" };
    expect((await send({ headers, body })).status).toBe(200);
  });
});

describe("the developer API (/v1)", () => {
  const json = { "Content-Type": "application/json" };
  const body = JSON.stringify({ model: "m", messages: [] });

  it("lets a JSON post from any origin through: a bearer key, not a cookie, authenticates it", async () => {
    expect((await send({ path: "/v1/chat/completions", headers: json, body })).status).toBe(200);
    const foreign = { ...json, Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" };
    expect((await send({ path: "/v1/chat/completions", headers: foreign, body })).status).toBe(200);
  });

  it("still refuses cross-site posts and JSON everywhere outside /v1", async () => {
    const foreign = { ...json, Origin: "https://elsewhere.example" };
    expect((await send({ path: "/v1x", headers: foreign, body })).status).toBe(403);
    expect((await send({ path: "/chat", headers: { ...json, Origin: origin }, body })).status).toBe(415);
  });

  it("answers a form body, an oversized body and a missing length in OpenAI's error shape", async () => {
    const path = "/v1/chat/completions";
    const form = await send({ path, body: "a=1" });
    expect(form.status).toBe(415);
    expect(JSON.parse(form.text)).toEqual({
      error: {
        message: messages.apiJsonOnly,
        type: "invalid_request_error",
        param: null,
        code: "invalid_request",
      },
    });
    const big = await send({ path, headers: json, body: "x".repeat(API_BODY_LIMIT + 1) });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).error.message).toBe(messages.requestTooLarge);
    const chunked = await send({ path, headers: json, body, chunked: true });
    expect(chunked.status).toBe(411);
  });

  describe("CORS: a page on any origin may call it (a bearer key, never a cookie, authenticates it)", () => {
    const elsewhere = "https://elsewhere.example";

    it("answers a preflight with 204 before the app, allowing Authorization, Content-Type and the client's own headers", async () => {
      const before = bytesRead;
      const preflight = await exchange({
        method: "OPTIONS",
        path: "/v1/chat/completions",
        headers: {
          Origin: elsewhere,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization, content-type, x-stainless-os",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.text).toBe("");
      expect(preflight.headers).toMatchObject({
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, POST, OPTIONS",
      });
      const allowed = preflight.headers["access-control-allow-headers"]!.toLowerCase();
      for (const header of ["authorization", "content-type", "last-event-id", "x-stainless-os"])
        expect(allowed).toContain(header);
      expect(preflight.headers).not.toHaveProperty("access-control-allow-credentials");
      expect(bytesRead).toBe(before);

      // A malformed list of requested headers is not echoed; the usual ones are still allowed.
      const odd = await exchange({
        method: "OPTIONS",
        path: "/v1/models",
        headers: { Origin: elsewhere, "Access-Control-Request-Headers": "authorization; evil=1" },
      });
      expect(odd.status).toBe(204);
      expect(odd.headers["access-control-allow-headers"]).toBe(
        "Authorization, Content-Type, Last-Event-ID, X-Rogue-Keep-Reply",
      );
    });

    it("lets a page read every answer, refusals included, and the completion id and Retry-After headers", async () => {
      const json = { "Content-Type": "application/json", Origin: elsewhere };
      const path = "/v1/chat/completions";
      const answers = [
        await exchange({ method: "GET", path: "/v1/models", headers: { Origin: elsewhere } }),
        await exchange({ path, headers: json, body: "{}" }),
        await exchange({ path, headers: { Origin: elsewhere }, body: "a=1" }),
        await exchange({ path, headers: json, body: "x".repeat(API_BODY_LIMIT + 1) }),
        await exchange({ path, headers: json, body: "{}", chunked: true }),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 415, 413, 411]);
      for (const answer of answers) {
        expect(answer.headers["access-control-allow-origin"]).toBe("*");
        expect(answer.headers["access-control-expose-headers"]).toBe(
          "X-Rogue-Completion-Id, Retry-After, X-Request-Id",
        );
      }
    });

    it("leaves the web app's pages and forms as they were: no CORS, and cross-site posts still refused", async () => {
      const page = await exchange({ method: "OPTIONS", path: "/chat", headers: { Origin: elsewhere } });
      expect(page.status).toBe(200);
      expect(page.headers).not.toHaveProperty("access-control-allow-origin");
      const post = await exchange({ path: "/signin", headers: { Origin: elsewhere }, body: "a=1" });
      expect(post.status).toBe(403);
      expect(post.headers).not.toHaveProperty("access-control-allow-origin");
      const lookalike = await exchange({ method: "OPTIONS", path: "/v1x", headers: { Origin: elsewhere } });
      expect(lookalike.headers).not.toHaveProperty("access-control-allow-origin");
    });
  });
});
