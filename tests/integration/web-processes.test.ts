/**
 * Two web processes behind one port (WEB_CONCURRENCY=2) and a worker process, as `npm start` runs them: a
 * send answered by one web process streams its reply through the port from either; a live event published
 * reaches the pages open on both; a session signed out on one is refused by both; /metrics through the port
 * sums both processes; a web process stopped
 * with SIGTERM (a rolling restart) or killed is replaced. The logs carry the request id and the completion id
 * from the web's request through the queue and the worker to the vendor.
 */
import { randomUUID } from "node:crypto";
import { Agent } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publishEvent } from "~/modules/realtime/publish.server";
import { buildIfNeeded, WEB_BUILD } from "#server/build-if-needed";
import { childPids } from "#bench/process-stack";
import { sessionCookieFor, type Visitor } from "../support/route-calls";
import { insertUser } from "../support/rows";
import { offsetIds } from "../support/sse";
import { directive, setUpTestEnv } from "../support/test-env";
import { freePort } from "#scripts/free-port";
import { readAll, runLogged as run, sendRequest, until, type Logged } from "../support/web-process";

const t = setUpTestEnv();
let port: number;
let web: Logged;
let worker: Logged;
let visitor: Visitor;
const base = () => `http://127.0.0.1:${port}`;

/**
 * A request on a connection of its own (no keep-alive), so the primary hands it to the next process; or on
 * `agent`'s kept-alive connection.
 */
const send = (
  method: string,
  pathname: string,
  headers: Record<string, string | number>,
  body?: string,
  signal?: AbortSignal,
  agent: Agent | false = false,
) => sendRequest(`${base()}${pathname}`, method, headers, body, signal, agent);

const healthy = () =>
  send("GET", "/healthz", {}, undefined, AbortSignal.timeout(5_000)).then(
    async (response) => (await readAll(response), response.statusCode === 200),
    () => false,
  );

/** The web processes running now: the pids that logged "web listening". */
const webPids = () =>
  web.lines.filter((line) => String(line.msg).startsWith("web listening")).map((line) => line.pid);

/** Posts a form as the browser does, with `requestId` as its X-Request-Id. */
function sendForm(
  pathname: string,
  form: Record<string, string>,
  requestId: string,
  cookie = visitor.cookie,
  agent: Agent | false = false,
) {
  const body = new URLSearchParams(form).toString();
  return send(
    "POST",
    pathname,
    {
      Cookie: cookie,
      Origin: base(),
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
      "X-Request-Id": requestId,
    },
    body,
    undefined,
    agent,
  );
}

async function postForm(...args: Parameters<typeof sendForm>) {
  const response = await sendForm(...args);
  await readAll(response);
  return response.statusCode;
}

interface EventStream {
  requestId: string;
  events: { id?: string; event: string; data: string }[];
  ended: Promise<void>;
  close(): void;
}

/** Opens a server-sent event stream on a connection of its own and collects its events. */
async function openEvents(pathname: string, lastEventId?: string): Promise<EventStream> {
  const controller = new AbortController();
  const requestId = randomUUID();
  const response = await send(
    "GET",
    pathname,
    {
      Cookie: visitor.cookie,
      Accept: "text/event-stream",
      "X-Request-Id": requestId,
      ...(lastEventId ? { "Last-Event-ID": lastEventId } : {}),
    },
    undefined,
    controller.signal,
  );
  expect(response.statusCode).toBe(200);
  const stream: EventStream = {
    requestId,
    events: [],
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  stream.ended = (async () => {
    let buffer = "";
    try {
      for await (const chunk of response) {
        buffer += String(chunk);
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trimStart())
              .join("\n");
          if (field("data") || field("event"))
            stream.events.push({
              id: field("id") || undefined,
              event: field("event") || "message",
              data: field("data"),
            });
        }
      }
    } catch (error) {
      // A stream cut by a web process stopping ends like this; the reader resumes with Last-Event-ID.
      if (!controller.signal.aborted && (error as { code?: string }).code !== "ECONNRESET") throw error;
    }
  })();
  return stream;
}

/** The web processes running now: the primary's children. */
const liveWebPids = () => childPids(web.child.pid!);

/** The pid of the web process that logged the request `requestId` (logged when it ends). */
const pidOfRequest = (requestId: string) =>
  web.lines.find((line) => line.msg === "request" && line.requestId === requestId)?.pid;

beforeAll(async () => {
  buildIfNeeded(() => undefined);
  port = await freePort();
  web = run([WEB_BUILD], { PORT: String(port), WEB_CONCURRENCY: "2" });
  worker = run(["--import", "tsx", "worker/main.ts"], { WORKER_CONCURRENCY: "10" });
  visitor = await sessionCookieFor(t, await t.createUser());
  await until(() => webPids().length === 2, "two web processes to listen", 60_000);
  await until(healthy, "/healthz through the shared port");
  await until(() => worker.lines.some((line) => line.msg === "worker ready"), "the worker");
}, 240_000);

afterAll(async () => {
  for (const { child } of [web, worker]) {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
});

it("streams a reply sent to one web process through the port from both, with its ids in every log line", async () => {
  const requestId = `it-${randomUUID()}`;
  const completionId = randomUUID();
  expect(
    await postForm(
      "/chat",
      { intent: "send", content: "hello from a cluster", requestId: completionId },
      requestId,
    ),
  ).toBe(302);
  // Two streams open at once take two connections, which the primary hands to the two processes in turn.
  const readers = [
    await openEvents(`/api/completions/${completionId}/stream`),
    await openEvents(`/api/completions/${completionId}/stream`),
  ];
  await Promise.all(readers.map((reader) => reader.ended));
  const expected = t.mock.expectedReply("together", "hello from a cluster");
  for (const reader of readers) {
    expect(reader.events.filter((e) => e.event === "done")).toHaveLength(1);
    const text = reader.events
      .filter((e) => e.event === "token")
      .map((e) => (JSON.parse(e.data) as { text: string }).text)
      .join("");
    expect(text).toBe(expected);
  }
  const streamPids = await until(() => {
    const pids = readers.map((reader) => pidOfRequest(reader.requestId));
    return pids.every(Boolean) ? pids : null;
  }, "the stream requests' log lines");
  expect(new Set(streamPids).size).toBe(2);

  // web: the request and the queued reply, with both ids.
  const sendLine = await until(() => pidOfRequest(requestId), "the send's log line");
  expect(streamPids).toContain(sendLine);
  expect(web.lines).toContainEqual(
    expect.objectContaining({ msg: "reply queued", requestId, completionId, pid: sendLine }),
  );
  // worker: its run's lines carry the web's request id; the vendor got it as X-Request-ID.
  const workerLines = await until(() => {
    const lines = worker.lines.filter((line) => line.completionId === completionId);
    return lines.some((line) => line.msg === "completion finished") ? lines : null;
  }, "the worker's log lines");
  expect(workerLines.map((line) => line.msg)).toEqual(
    expect.arrayContaining(["vendor attempt ok", "completion finished"]),
  );
  for (const line of workerLines) expect(line.requestId).toBe(requestId);
  const vendorCall = t.mock.requests("together").at(-1)!;
  expect(vendorCall.headers["x-request-id"]).toBe(`${completionId}:${requestId}`);
});

it("delivers a live event to pages open on both web processes", async () => {
  const pages = [await openEvents("/api/events"), await openEvents("/api/events")];
  // A process's Redis subscription may still be starting as its first page opens: publish until both hear it.
  const heard = (page: EventStream) => page.events.some((e) => e.data.includes("Cluster Vendor"));
  await until(async () => {
    await publishEvent(t.redis, { type: "vendor-changed", displayName: "Cluster Vendor" });
    return pages.every(heard);
  }, "the live event on both pages");
  for (const page of pages) page.close();
  await Promise.all(pages.map((page) => page.ended));
  const pids = await until(() => {
    const found = pages.map((page) => pidOfRequest(page.requestId));
    return found.every(Boolean) ? found : null;
  }, "the pages' log lines");
  expect(new Set(pids).size).toBe(2);
});

it("answers /metrics through the port with both processes' figures summed", async () => {
  const sample = async () => {
    const text = await readAll(await send("GET", "/metrics", {}));
    const sends = /rogue_reply_requests_total\{outcome="queued",role="web"\} (\d+)/.exec(text);
    return Number(sends?.[1] ?? 0);
  };
  // The one send above was queued by one process; whichever process answers the scrape reports it.
  expect([await sample(), await sample(), await sample()]).toEqual([1, 1, 1]);
});

it("logs each send on a kept-alive connection with its own completion id", async () => {
  // The chat page's sends, one after another on one connection, each answered with its reply's stream; a
  // user of its own, as the plan's daily replies would cap the shared visitor's.
  const sender = await sessionCookieFor(t, await insertUser(t.db, { plan: "professional" }));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sends = Array.from({ length: 3 }, () => ({
    requestId: `it-${randomUUID()}`,
    completionId: randomUUID(),
  }));
  for (const { requestId, completionId } of sends) {
    const form = { intent: "send", content: "one connection", requestId: completionId };
    const response = await sendForm("/api/chat-send", form, requestId, sender.cookie, agent);
    expect(response.statusCode).toBe(200);
    expect(await readAll(response)).toContain("event: done");
  }
  agent.destroy();
  const lines = await until(() => {
    const found = sends.map(({ requestId }) =>
      web.lines.find((line) => line.msg === "request" && line.requestId === requestId),
    );
    return found.every(Boolean) ? found : null;
  }, "the sends' log lines");
  expect(new Set(lines.map((line) => line!.pid)).size).toBe(1);
  expect(lines.map((line) => line!.completionId)).toEqual(sends.map((send) => send.completionId));
});

it("refuses a signed-out session on every web process", async () => {
  const leaving = await sessionCookieFor(t, await t.createUser());
  const eventsStatus = async () => {
    const response = await send("GET", "/api/events", { Cookie: leaving.cookie });
    response.destroy();
    return response.statusCode;
  };
  // Signed in on both processes (two fresh connections, handed to each in turn)...
  expect([await eventsStatus(), await eventsStatus()]).toEqual([200, 200]);
  expect(await postForm("/signout", {}, randomUUID(), leaving.cookie)).toBe(302);
  // ...and out on both, whichever served the sign-out.
  expect([await eventsStatus(), await eventsStatus()]).toEqual([401, 401]);
});

it(
  "resumes a reply streaming while each web process is restarted in turn, ending done exactly once",
  { timeout: 120_000 },
  async () => {
    const completionId = randomUUID();
    const content = `rolling web ${directive({ tokens: 400, tokenMs: 40 })}`;
    expect(await postForm("/chat", { intent: "send", content, requestId: completionId }, randomUUID())).toBe(
      302,
    );
    const events: EventStream["events"] = [];
    let connections = 0;
    const reading = (async () => {
      while (!events.some((e) => e.event !== "token" && e.event !== "message")) {
        const lastId = events.findLast((e) => e.id)?.id;
        const stream = await openEvents(`/api/completions/${completionId}/stream`, lastId).catch(() => null);
        if (!stream) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        connections += 1;
        await stream.ended;
        events.push(...stream.events);
      }
    })();
    await until(() => connections > 0, "the stream to open");
    for (const pid of liveWebPids()) {
      process.kill(pid, "SIGTERM");
      await until(() => {
        const now = liveWebPids();
        return !now.includes(pid) && now.length === 2;
      }, "the web process to be replaced");
      await until(healthy, "/healthz after the restart");
    }
    await reading;
    const tokens = events.filter((e) => e.event === "token");
    expect(events.filter((e) => e.event === "done")).toHaveLength(1);
    expect(tokens.map((e) => (JSON.parse(e.data) as { text: string }).text).join("")).toBe(
      t.mock.expectedReply("together", content),
    );
    // Read over several connections, each event came once: the ids are the reply's offsets in order.
    expect(events.map((e) => e.id)).toEqual(offsetIds(events));
    // The restarts really cut the stream: it was read over more than one connection.
    expect(connections).toBeGreaterThan(1);
  },
);

it(
  "replaces a web process stopped with SIGTERM or killed, and keeps answering meanwhile",
  { timeout: 60_000 },
  async () => {
    const [first, second] = liveWebPids();
    const started = webPids().length;
    process.kill(first!, "SIGTERM");
    await until(() => webPids().length === started + 1, "a new web process after SIGTERM");
    process.kill(second!, "SIGKILL");
    await until(() => webPids().length === started + 2, "a new web process after SIGKILL");
    await until(healthy, "/healthz through the port after the restarts");
    expect(web.lines).toContainEqual(
      expect.objectContaining({
        msg: expect.stringMatching(new RegExp(`^web \\d \\(pid ${second}\\) crashed \\(signal SIGKILL\\)`)),
      }),
    );
  },
);
