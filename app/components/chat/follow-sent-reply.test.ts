import type { ClientActionFunctionArgs } from "@remix-run/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acceptedEvent, streamedAnswer, token } from "#tests/support/sse";
import { followSentReply, sendAtSubmit, stopSentReply } from "./follow-sent-reply";
import { replyNow } from "./reply-store";

function composerForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The client action as the router calls it for the chat's form. */
function clientAction(form: FormData, chatId: string) {
  const serverAction = vi.fn(() => Promise.resolve({ fromServerAction: true }));
  const args = {
    request: new Request(`http://chat.test/chat/${chatId}`, { method: "POST", body: form }),
    params: { chatId },
    serverAction,
  } as unknown as ClientActionFunctionArgs;
  return { result: followSentReply(args), serverAction };
}

/** The question the page shows for a send, while it follows it. */
const question = (requestId: string) => replyNow(requestId)?.question;

describe("the composer's send, started at its submit", () => {
  let fetch: ReturnType<typeof vi.fn>;
  let answer: ReturnType<typeof streamedAnswer>;
  let router: {
    submit: ReturnType<typeof vi.fn>;
    revalidate: ReturnType<typeof vi.fn>;
    isIdle: ReturnType<typeof vi.fn<() => boolean>>;
  };
  beforeEach(() => {
    answer = streamedAnswer();
    router = { submit: vi.fn(), revalidate: vi.fn(), isIdle: vi.fn(() => true) };
    vi.stubGlobal("location", { pathname: "/chat/chat-1", search: "" });
    fetch = vi.fn(() => Promise.resolve(answer.response));
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("requestAnimationFrame", (frame: FrameRequestCallback) => setTimeout(() => frame(0), 0));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is the request the client action follows: one POST, and the page goes on to the chat", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-early", model: "m" });
    // The router runs the client action for the form it is handed.
    let action: ReturnType<typeof clientAction> | undefined;
    router.submit.mockImplementation((submitted: FormData) => (action = clientAction(submitted, "chat-1")));
    const routerTurn = sendAtSubmit(form, "chat-1", router);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe("/api/chat-send/chat-1");

    answer.write(acceptedEvent("/chat/chat-1") + token(5, "Hello"));
    await routerTurn;
    const response = (await action!.result) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/chat/chat-1");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(action!.serverAction).not.toHaveBeenCalled();
  });

  it("sends a new chat's form to the chat-send route with no chat id", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-new-chat" });
    const routerTurn = sendAtSubmit(form, undefined, router)!;
    expect(fetch.mock.calls[0]![0]).toBe("/api/chat-send");
    answer.write(acceptedEvent("/chat/chat-9") + token(5, "Hello"));
    await routerTurn;
    expect(router.submit).toHaveBeenCalledExactlyOnceWith(form);
  });

  it("hands the form to the router once the first token is painted, and shows the send until then", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-turn", model: "m" });
    const handedOn = sendAtSubmit(form, "chat-1", router)!;
    expect(question("req-turn")).toBe(form);
    expect(replyNow("req-turn")!.status).toBe("submitted");

    answer.write(acceptedEvent("/chat/chat-1"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.submit).not.toHaveBeenCalled();
    expect(replyNow("req-turn")!.status).toBe("streaming");

    answer.write(token(5, "Hello"));
    await handedOn;
    expect(router.submit).toHaveBeenCalledExactlyOnceWith(form);
    expect(router.revalidate).not.toHaveBeenCalled();
    expect(question("req-turn")).toBe(form);
    const { result } = clientAction(form, "chat-1");
    expect(((await result) as Response).headers.get("Location")).toBe("/chat/chat-1");
    // Still shown while the chat's data reloads.
    expect(question("req-turn")).toBe(form);
    expect(replyNow("req-turn")!.text).toBe("Hello");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("hands the form to the router at once when the send is refused, and its client action reads the refusal", async () => {
    const refusal = { status: "error", error: { "": ["You've reached today's limit."] } };
    fetch.mockImplementation(() => Promise.resolve(Response.json(refusal, { status: 429 })));
    const form = composerForm({ content: "Hello", requestId: "req-refused" });
    await sendAtSubmit(form, "chat-1", router);
    expect(router.submit).toHaveBeenCalledExactlyOnceWith(form);
    // The question stays shown until the refusal is.
    expect(question("req-refused")).toBe(form);
    const { result, serverAction } = clientAction(form, "chat-1");
    await expect(result).resolves.toEqual(refusal);
    expect(serverAction).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(replyNow("req-refused")).toBeUndefined();
  });

  it("keeps a user who went to another page there, and reloads that page's data once the send is taken", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-left" });
    const handedOn = sendAtSubmit(form, "chat-1", router)!;
    vi.stubGlobal("location", { pathname: "/chat/chat-2", search: "" });
    answer.write(acceptedEvent("/chat/chat-1") + token(5, "Hello"));
    await handedOn;
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).toHaveBeenCalledTimes(1);
  });

  /** A send from chat-1's composer, the user then on `page`. */
  const sendAndLeave = (requestId: string, page: string) => {
    const handedOn = sendAtSubmit(composerForm({ content: "Hello", requestId }), "chat-1", router)!;
    vi.stubGlobal("location", { pathname: page, search: "" });
    return handedOn;
  };

  it("reloads the page the user went to when the answer broke, as the send may have been taken", async () => {
    const handedOn = sendAndLeave("req-left-cut", "/settings");
    answer.cut();
    await handedOn;
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).toHaveBeenCalledTimes(1);
    expect(replyNow("req-left-cut")).toBeUndefined();
  });

  it("forgets a refused send the user left, without reloading the page they went to", async () => {
    fetch.mockImplementation(() => Promise.resolve(Response.json({ status: "error" }, { status: 429 })));
    const handedOn = sendAndLeave("req-left-refused", "/chat/chat-2");
    await handedOn;
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).not.toHaveBeenCalled();
    expect(replyNow("req-left-refused")).toBeUndefined();
  });

  it("does not hand a taken send to a busy router, and reloads the page's data instead", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-busy" });
    const handedOn = sendAtSubmit(form, "chat-1", router)!;
    router.isIdle.mockReturnValue(false);
    answer.write(acceptedEvent("/chat/chat-1") + token(5, "Hello"));
    await handedOn;
    expect(router.isIdle).toHaveBeenCalled();
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).toHaveBeenCalledTimes(1);
  });

  it("does not hand on a send while the router is going to another page, nor reload for a refused one", async () => {
    fetch.mockImplementation(() => Promise.resolve(Response.json({ status: "error" }, { status: 429 })));
    const form = composerForm({ content: "Hello", requestId: "req-leaving" });
    const handedOn = sendAtSubmit(form, "chat-1", router)!;
    router.isIdle.mockReturnValue(false);
    await handedOn;
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).not.toHaveBeenCalled();
    expect(replyNow("req-leaving")).toBeUndefined();
  });

  it("drops the send from the page when the router's submission could not be made", async () => {
    router.submit.mockImplementation(() => {
      throw new Error("no router");
    });
    const form = composerForm({ content: "Hello", requestId: "req-unsubmitted" });
    fetch.mockImplementation(() => Promise.resolve(Response.json({ status: "error" }, { status: 429 })));
    await sendAtSubmit(form, "chat-1", router);
    expect(router.submit).toHaveBeenCalledTimes(1);
    expect(replyNow("req-unsubmitted")).toBeUndefined();
  });

  it("leaves a form that starts no reply (stop) to the form's own action", async () => {
    const form = composerForm({ intent: "stop", completionId: "c", requestId: "req-stop" });
    expect(sendAtSubmit(form, "chat-1", router)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(replyNow("req-stop")).toBeUndefined();
    const { result, serverAction } = clientAction(form, "chat-1");
    await expect(result).resolves.toEqual({ fromServerAction: true });
    expect(serverAction).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks the form's own action again when the early send's answer broke before it was accepted", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-cut" });
    const routerTurn = sendAtSubmit(form, "chat-1", router);
    answer.cut();
    await routerTurn;
    expect(router.submit).toHaveBeenCalledExactlyOnceWith(form);
    const { result, serverAction } = clientAction(form, "chat-1");
    await expect(result).resolves.toEqual({ fromServerAction: true });
    expect(serverAction).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("Stop for a send still on its way", () => {
  let fetch: ReturnType<typeof vi.fn>;
  let answer: ReturnType<typeof streamedAnswer>;
  const router = { submit: vi.fn(), revalidate: vi.fn(), isIdle: () => true };
  beforeEach(() => {
    answer = streamedAnswer();
    vi.stubGlobal("location", { pathname: "/chat", search: "" });
    fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith("/chat-9") ? Response.json({ location: "/chat/chat-9" }) : answer.response,
      ),
    );
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("requestAnimationFrame", (frame: FrameRequestCallback) => setTimeout(() => frame(0), 0));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("waits for the send to be accepted, then stops its reply in the chat it went to", async () => {
    const handedOn = sendAtSubmit(
      composerForm({ content: "Hello", requestId: "req-stop-early" }),
      undefined,
      router,
    );
    const stopped = stopSentReply("req-stop-early");
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not before the reply exists: a stop arriving first would find nothing to stop.
    expect(fetch).toHaveBeenCalledTimes(1);

    answer.write(acceptedEvent("/chat/chat-9") + token(5, "Hi"));
    await Promise.all([stopped, handedOn]);
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[1]! as [string, RequestInit];
    expect(url).toBe("/api/chat-send/chat-9");
    expect(init.method).toBe("POST");
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      intent: "stop",
      completionId: "req-stop-early",
    });
  });

  it("sends nothing for a send that was refused", async () => {
    fetch.mockImplementationOnce(() => Promise.resolve(Response.json({ status: "error" }, { status: 403 })));
    const handedOn = sendAtSubmit(
      composerForm({ content: "Hello", requestId: "req-stop-refused" }),
      "c",
      router,
    );
    const stopped = stopSentReply("req-stop-refused");
    await handedOn;
    const { result } = clientAction(router.submit.mock.calls.at(-1)![0] as FormData, "c");
    await result;
    await stopped;
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("a client action with no send started at its submit", () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("requestAnimationFrame", (frame: FrameRequestCallback) => setTimeout(() => frame(0), 0));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the form itself, and goes on to the chat once the reply's first text is painted", async () => {
    const answer = streamedAnswer();
    fetch.mockImplementation(() => Promise.resolve(answer.response));
    const form = composerForm({ content: "Hello", requestId: "req-own" });
    const { result, serverAction } = clientAction(form, "chat-1");
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![0]).toBe("/api/chat-send/chat-1");
    expect(question("req-own")?.get("content")).toBe("Hello");
    answer.write(acceptedEvent("/chat/chat-1") + token(5, "Hello"));
    const response = (await result) as Response;
    expect(response.headers.get("Location")).toBe("/chat/chat-1");
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("follows a refusal's redirect (the sign-in, the key dialog)", async () => {
    fetch.mockImplementation(() => Promise.resolve(Response.json({ location: "/login" }, { status: 401 })));
    const { result, serverAction } = clientAction(composerForm({ requestId: "req-sign-in" }), "chat-1");
    const response = (await result) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(serverAction).not.toHaveBeenCalled();
    expect(replyNow("req-sign-in")).toBeUndefined();
  });

  it("leaves an answer that is neither a stream nor JSON to the form's own action", async () => {
    fetch.mockImplementation(() => Promise.resolve(new Response("<html>", { status: 500 })));
    const { result, serverAction } = clientAction(composerForm({ requestId: "req-html" }), "chat-1");
    await expect(result).resolves.toEqual({ fromServerAction: true });
    expect(serverAction).toHaveBeenCalledTimes(1);
    expect(replyNow("req-html")).toBeUndefined();
  });

  it("asks the form's own action when the request itself failed", async () => {
    fetch.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    const { result, serverAction } = clientAction(composerForm({ requestId: "req-offline" }), "chat-1");
    await expect(result).resolves.toEqual({ fromServerAction: true });
    expect(serverAction).toHaveBeenCalledTimes(1);
    expect(replyNow("req-offline")).toBeUndefined();
  });
});
