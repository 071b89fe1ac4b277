/**
 * The peer the product is judged against: a minimal Vercel AI SDK `streamText` proxy, as its documentation
 * writes one (a POST of chat messages answered with the UI message stream), in front of the mock vendor's
 * OpenAI-compatible endpoint. It runs in a process of its own, like the web process it is compared with, and
 * passes the client's X-Request-ID on so the mock's tap can time its vendor call. See
 * docs/decisions/0007-bench-peer-ai-sdk.md.
 */
import { createServer } from "node:http";
import { createOpenAI } from "@ai-sdk/openai";
import { streamText, type ModelMessage } from "ai";
import { z } from "zod";
import { readJsonBody, serveForBench } from "./child-server";

const vendorUrl = process.env.PEER_VENDOR_URL;
if (!vendorUrl) throw new Error("PEER_VENDOR_URL (the mock's OpenAI base URL) is required");
const model = createOpenAI({ baseURL: vendorUrl, apiKey: "bench-key" }).chat("bench-model");

const bodySchema = z.object({
  messages: z.array(z.object({ role: z.enum(["user", "assistant"]), content: z.string() })).min(1),
});

const server = createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/api/chat") {
    response.writeHead(404).end();
    return;
  }
  void readJsonBody(request)
    .then((json) => {
      const body = bodySchema.safeParse(json);
      if (!body.success) return void response.writeHead(400).end();
      // The vendor call ends when the client goes away.
      const abort = new AbortController();
      response.once("close", () => abort.abort());
      const requestId = request.headers["x-request-id"];
      const result = streamText({
        model,
        messages: body.data.messages as ModelMessage[],
        abortSignal: abort.signal,
        headers: typeof requestId === "string" ? { "X-Request-ID": requestId } : undefined,
      });
      return result.pipeUIMessageStreamToResponse(response);
    })
    .catch(() => response.writeHead(400).end());
});

serveForBench(server, "/api/chat");
