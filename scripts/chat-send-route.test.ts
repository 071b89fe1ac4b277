/** The chat page's send as the web serves it: the entry module's handler behind Express, without Remix's routing. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withReplyEvents, type EventSink } from "~/modules/completions/reply-events.server";
import { CHAT_SEND_PATHS, serveChatSend } from "./chat-send-route";

const handleChatSend = vi.fn<(request: Request, chatId: string | null) => Promise<Response>>();
const handleError = vi.fn();
const build = { entry: { module: { handleChatSend, handleError } } } as unknown as ServerBuild;

let server: Server;
let origin: string;
beforeAll(async () => {
  const app = express();
  app.post(CHAT_SEND_PATHS, serveChatSend(build));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=send&content=Hi",
  });

describe("POST /api/chat-send", () => {
  it("hands the form and the chat to the entry's handler and streams its answer back", async () => {
    handleChatSend.mockImplementationOnce(async (request) => {
      const form = await request.formData();
      return new Response(`event: accepted\ndata: ${JSON.stringify({ content: form.get("content") })}\n\n`, {
        headers: { "Content-Type": "text/event-stream; charset=utf-8" },
      });
    });
    const response = await post("/api/chat-send/chat-1");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(await response.text()).toBe(`event: accepted\ndata: {"content":"Hi"}\n\n`);
    expect(handleChatSend.mock.calls.at(-1)![1]).toBe("chat-1");
  });

  it("passes no chat for a new chat's first send", async () => {
    handleChatSend.mockResolvedValueOnce(Response.json({ location: "/signin" }));
    const response = await post("/api/chat-send");
    expect(await response.json()).toEqual({ location: "/signin" });
    expect(handleChatSend.mock.calls.at(-1)![1]).toBeNull();
  });

  it("answers 500 and logs through the entry's handleError when the handler throws", async () => {
    const failure = new Error("database is gone");
    handleChatSend.mockRejectedValueOnce(failure);
    const response = await post("/api/chat-send/chat-2");
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Unexpected Server Error");
    expect(handleError).toHaveBeenCalledWith(
      failure,
      expect.objectContaining({ params: { chatId: "chat-2" } }),
    );
  });

  it("writes a reply's events as they come, with the answer's headers, and ends with the stream", async () => {
    let sink: EventSink | undefined;
    handleChatSend.mockImplementationOnce(async () =>
      withReplyEvents(
        new Response(null, {
          headers: { "Content-Type": "text/event-stream; charset=utf-8", "Set-Cookie": "toast=1; Path=/" },
        }),
        (opened) => {
          sink = opened;
          opened.write("event: accepted\ndata: {}\n\n");
          return () => {};
        },
      ),
    );
    const response = await post("/api/chat-send/chat-3");
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBe("toast=1; Path=/");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe("event: accepted\ndata: {}\n\n");
    sink!.write('event: token\ndata: {"text":"é"}\n\n');
    expect((await reader.read()).value).toBe('event: token\ndata: {"text":"é"}\n\n');
    sink!.write("event: done\ndata: {}\n\n");
    sink!.end();
    expect((await reader.read()).value).toBe("event: done\ndata: {}\n\n");
    expect((await reader.read()).done).toBe(true);
  });

  it("stops the reply's events when the browser leaves", async () => {
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    handleChatSend.mockImplementationOnce(async () =>
      withReplyEvents(new Response(null, { headers: { "Content-Type": "text/event-stream" } }), (sink) => {
        sink.write(": open\n\n");
        return stop;
      }),
    );
    const leave = new AbortController();
    const response = await fetch(`${origin}/api/chat-send/chat-4`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=send&content=Hi",
      signal: leave.signal,
    });
    await response.body!.getReader().read();
    leave.abort();
    await stopped;
  });

  it("hands over a form that arrives in many pieces whole", async () => {
    handleChatSend.mockImplementationOnce(async (request) => {
      const form = await request.formData();
      return Response.json({ length: String(form.get("content")).length });
    });
    const form = new FormData();
    form.set("content", "é".repeat(60_000));
    const response = await fetch(`${origin}/api/chat-send/chat-5`, { method: "POST", body: form });
    expect(await response.json()).toEqual({ length: 60_000 });
  });

  it("aborts the handler's work when the browser leaves before the answer", async () => {
    let seen = () => {};
    const aborted = new Promise<void>((resolve) => (seen = resolve));
    handleChatSend.mockImplementationOnce(
      (request) =>
        new Promise((resolve) =>
          request.signal.addEventListener("abort", () => {
            seen();
            resolve(new Response(null, { status: 204 }));
          }),
        ),
    );
    const leave = new AbortController();
    const sent = fetch(`${origin}/api/chat-send/chat-6`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=send&content=Hi",
      signal: leave.signal,
    }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(handleChatSend.mock.calls.at(-1)![1]).toBe("chat-6"));
    leave.abort();
    await aborted;
    expect(await sent).toBeInstanceOf(Error);
  });
});
