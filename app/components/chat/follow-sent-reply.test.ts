import type { ClientActionFunctionArgs } from "@remix-run/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acceptedEvent, streamedAnswer, token } from "#tests/support/sse";
import { followSentReply, sendAtSubmit, sentAtSubmit, submittedForm } from "./follow-sent-reply";

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

describe("the composer's send, started at its submit", () => {
  let fetch: ReturnType<typeof vi.fn>;
  let answer: ReturnType<typeof streamedAnswer>;
  let router: { submit: ReturnType<typeof vi.fn>; revalidate: ReturnType<typeof vi.fn> };
  let navigation: { state: string };
  beforeEach(() => {
    answer = streamedAnswer();
    router = { submit: vi.fn(), revalidate: vi.fn() };
    navigation = { state: "idle" };
    vi.stubGlobal("location", { pathname: "/chat/chat-1", search: "" });
    vi.stubGlobal("__remixRouter", { state: { navigation } });
    fetch = vi.fn(() => Promise.resolve(answer.response));
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("requestAnimationFrame", (frame: FrameRequestCallback) => setTimeout(() => frame(0), 0));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is the request the client action follows: one POST, and the page goes on to the chat", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-early", model: "m" });
    const routerTurn = sendAtSubmit(form, "chat-1", router);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe("/api/chat-send/chat-1");

    const { result, serverAction } = clientAction(form, "chat-1");
    answer.write(acceptedEvent("/chat/chat-1") + token(5, "Hello"));
    const response = (await result) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/chat/chat-1");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(serverAction).not.toHaveBeenCalled();
    await routerTurn;
  });

  it("hands the form to the router once the first token is painted, and shows the send until then", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-turn", model: "m" });
    const handedOn = sendAtSubmit(form, "chat-1", router)!;
    expect(sentAtSubmit("req-turn")).toBe(form);

    answer.write(acceptedEvent("/chat/chat-1"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.submit).not.toHaveBeenCalled();

    answer.write(token(5, "Hello"));
    await handedOn;
    expect(router.submit).toHaveBeenCalledExactlyOnceWith(form);
    expect(router.revalidate).not.toHaveBeenCalled();
    expect(sentAtSubmit("req-turn")).toBe(form);
    const { result } = clientAction(form, "chat-1");
    expect(((await result) as Response).headers.get("Location")).toBe("/chat/chat-1");
    // Still shown while the chat's data reloads, until the next send.
    expect(sentAtSubmit("req-turn")).toBe(form);
    expect(fetch).toHaveBeenCalledTimes(1);
    fetch.mockImplementationOnce(() => Promise.resolve(Response.json({}, { status: 400 })));
    const next = sendAtSubmit(composerForm({ content: "Next", requestId: "req-next" }), "chat-1", router);
    expect(sentAtSubmit("req-turn")).toBeUndefined();
    await next;
  });

  it("hands the form to the router at once when the send is refused, and its client action reads the refusal", async () => {
    const refusal = { status: "error", error: { "": ["You've reached today's limit."] } };
    fetch.mockImplementation(() => Promise.resolve(Response.json(refusal, { status: 429 })));
    const form = composerForm({ content: "Hello", requestId: "req-refused" });
    await sendAtSubmit(form, "chat-1", router);
    expect(router.submit).toHaveBeenCalledExactlyOnceWith(form);
    const { result, serverAction } = clientAction(form, "chat-1");
    await expect(result).resolves.toEqual(refusal);
    expect(serverAction).not.toHaveBeenCalled();
    expect(sentAtSubmit("req-refused")).toBeUndefined();
  });

  it("keeps a user who went to another page there, and reloads that page's data once the send is taken", async () => {
    const form = composerForm({ content: "Hello", requestId: "req-left" });
    const handedOn = sendAtSubmit(form, "chat-1", router)!;
    vi.stubGlobal("location", { pathname: "/chat/chat-2", search: "" });
    answer.write(acceptedEvent("/chat/chat-1") + token(5, "Hello"));
    await handedOn;
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).toHaveBeenCalledTimes(1);
    expect(sentAtSubmit("req-left")).toBeUndefined();
  });

  it("reloads the page the user went to when the answer broke, as the send may have been taken", async () => {
    const handedOn = sendAtSubmit(
      composerForm({ content: "Hello", requestId: "req-left-cut" }),
      "chat-1",
      router,
    )!;
    vi.stubGlobal("location", { pathname: "/settings", search: "" });
    answer.cut();
    await handedOn;
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).toHaveBeenCalledTimes(1);
  });

  it("does not hand on a send while the router is going to another page, nor reload for a refused one", async () => {
    fetch.mockImplementation(() => Promise.resolve(Response.json({ status: "error" }, { status: 429 })));
    const form = composerForm({ content: "Hello", requestId: "req-leaving" });
    const handedOn = sendAtSubmit(form, "chat-1", router)!;
    navigation.state = "loading";
    await handedOn;
    expect(router.submit).not.toHaveBeenCalled();
    expect(router.revalidate).not.toHaveBeenCalled();
    expect(sentAtSubmit("req-leaving")).toBeUndefined();
  });

  it("drops the send from the page when the router's submission could not be made", async () => {
    router.submit.mockImplementation(() => {
      throw new Error("no router");
    });
    const form = composerForm({ content: "Hello", requestId: "req-unsubmitted" });
    fetch.mockImplementation(() => Promise.resolve(Response.json({ status: "error" }, { status: 429 })));
    await sendAtSubmit(form, "chat-1", router);
    expect(sentAtSubmit("req-unsubmitted")).toBeUndefined();
  });

  it("leaves a form that starts no reply (stop) to the form's own action", async () => {
    const form = composerForm({ intent: "stop", completionId: "c", requestId: "req-stop" });
    expect(sendAtSubmit(form, "chat-1", router)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
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
    const { result, serverAction } = clientAction(form, "chat-1");
    await expect(result).resolves.toEqual({ fromServerAction: true });
    expect(serverAction).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("the form a client action was submitted with", () => {
  const form = composerForm({ content: "Hello", requestId: "req-form" });
  const post = (url: string) =>
    new Request(url, { method: "POST", body: composerForm({ content: "From the body" }) });

  it("is the router's own form data when the navigation describes this request, and the body stays unread", async () => {
    const request = post("http://chat.test/chat/chat-1?index");
    const navigation = {
      state: "submitting",
      formMethod: "post",
      formAction: "/chat/chat-1?index",
      formData: form,
    };
    expect(await submittedForm(request, navigation)).toBe(form);
    expect(request.bodyUsed).toBe(false);
  });

  it("is read from the request when the navigation is another submission, or none", async () => {
    const request = post("http://chat.test/chat/chat-1");
    for (const navigation of [
      undefined,
      { state: "idle" },
      { state: "submitting", formMethod: "post", formAction: "/chat/chat-2", formData: form },
      { state: "submitting", formMethod: "get", formAction: "/chat/chat-1", formData: form },
    ]) {
      const read = await submittedForm(request, navigation);
      expect(read.get("content")).toBe("From the body");
    }
    // Read from a clone: the router's own request keeps its body for the form's action.
    expect(request.bodyUsed).toBe(false);
  });
});
