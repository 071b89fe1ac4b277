/**
 * What the web server does before and around the app, as `npm start` runs it (the built server, spawned):
 * - behind reverse proxies (TRUST_PROXY) the client's address is the one the trusted proxies saw, never the
 *   left-most X-Forwarded-For a client writes itself, for the sign-up, sign-in and demo limits, the audit log
 *   and /metrics alike;
 * - requests are named in metrics and logs by their route's pattern, never by the ids in their path;
 * - a client has REQUEST_TIMEOUT_SECONDS to send a whole request: one trickling its body is cut off, while an
 *   event stream (a long answer, not a long request) stays open;
 * - every response header is sent once, whether the server or the route set it.
 */
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfNeeded } from "#server/build-if-needed";
import { sessionCookieFor, visitorWith } from "../support/route-calls";
import { insertChat } from "../support/rows";
import { importAfterEnv, setUpTestEnv } from "../support/test-env";
import {
  readAll,
  sendRequest,
  startWebProcess,
  stopLogged,
  until,
  type WebProcess,
} from "../support/web-process";

const SIGNUPS_PER_HOUR = 3;

const t = setUpTestEnv();
const shares = importAfterEnv(() => import("~/modules/chats/shares.server"));

type Web = WebProcess;
const servers: Web[] = [];

/** A web process trusting `trustProxy`, listening on a port of its own. */
async function startWeb(trustProxy: string, env: Record<string, string> = {}): Promise<Web> {
  const web = await startWebProcess({
    TRUST_PROXY: trustProxy,
    SIGNUPS_PER_HOUR: String(SIGNUPS_PER_HOUR),
    ...env,
  });
  servers.push(web);
  return web;
}

const REQUEST_TIMEOUT_SECONDS = 2;

let hops: Web;
let proxies: Web;
let impatient: Web;
beforeAll(async () => {
  buildIfNeeded(() => undefined);
  [hops, proxies, impatient] = await Promise.all([
    startWeb("1"),
    startWeb("127.0.0.1"),
    startWeb("0", { REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS) }),
  ]);
}, 240_000);
afterAll(() => Promise.all(servers.map((web) => stopLogged(web.logged))));

/** Posts a form as a browser behind the proxy does: same origin, the proxy's X-Forwarded-For. */
async function postForm(web: Web, pathname: string, form: Record<string, string>, forwardedFor: string) {
  const body = new URLSearchParams(form).toString();
  const response = await sendRequest(
    `${web.base}${pathname}`,
    "POST",
    {
      Origin: web.base,
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
      "X-Forwarded-For": forwardedFor,
    },
    body,
  );
  await readAll(response);
  return response.statusCode ?? 0;
}

const signupForm = () => ({
  name: "Proxied",
  email: `proxied-${randomBytes(5).toString("hex")}@example.test`,
  password: "a-long-unusual-passphrase-9",
});

/** Eight sign-ups, one after another, each claiming a new left-most address. */
async function eightSignups(web: Web, proxyAddress: string) {
  const statuses: number[] = [];
  for (let n = 1; n <= 8; n++)
    statuses.push(await postForm(web, "/signup", signupForm(), `198.51.100.${n}, ${proxyAddress}`));
  return statuses;
}

const auditIpsFor = async (email: string) =>
  (
    await t.db
      .selectFrom("audit_log")
      .select("ip")
      .where("action", "=", "signin.failure")
      .where("details", "like", `%${email}%`)
      .execute()
  ).map((row) => row.ip);

describe("TRUST_PROXY as a number of hops", () => {
  it("limits sign-ups by the address the proxy saw, whatever the client writes before it", async () => {
    const statuses = await eightSignups(hops, "127.0.0.1");
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429]);
  });

  it("records the address the proxy saw in the audit log", async () => {
    const email = `nobody-${randomBytes(5).toString("hex")}@example.test`;
    const form = { email, password: "not-the-password-1" };
    expect(await postForm(hops, "/signin", form, "203.0.113.66, 127.0.0.1")).toBe(401);
    expect(await auditIpsFor(email)).toEqual(["127.0.0.1"]);
  });

  it("serves /metrics only to a loopback client, not to any caller of a proxy on the same host", async () => {
    const scrape = async (headers: Record<string, string>) => {
      const response = await sendRequest(`${hops.base}/metrics`, "GET", headers);
      await readAll(response);
      return response.statusCode;
    };
    expect(await scrape({ "X-Forwarded-For": "203.0.113.66" })).toBe(403);
    expect(await scrape({ "X-Forwarded-For": "127.0.0.1, 203.0.113.66" })).toBe(403);
    expect(await scrape({ "X-Forwarded-For": "203.0.113.66, 127.0.0.1" })).toBe(200);
  });
});

describe("TRUST_PROXY unset", () => {
  it("records an IPv4 client by its IPv4 address, not the IPv4-mapped IPv6 one the socket reports", async () => {
    const email = `nobody-${randomBytes(5).toString("hex")}@example.test`;
    const form = { email, password: "not-the-password-1" };
    expect(await postForm(impatient, "/signin", form, "198.51.100.9")).toBe(401);
    expect(await auditIpsFor(email)).toEqual(["127.0.0.1"]);
  });
});

describe("TRUST_PROXY as a list of proxy addresses", () => {
  it("takes the address before the last listed proxy, for the sign-up limit and the audit log", async () => {
    const statuses = await eightSignups(proxies, "203.0.113.7");
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429]);
    const email = `nobody-${randomBytes(5).toString("hex")}@example.test`;
    const form = { email, password: "not-the-password-1" };
    expect(await postForm(proxies, "/signin", form, "198.51.100.9, 203.0.113.8")).toBe(401);
    expect(await auditIpsFor(email)).toEqual(["203.0.113.8"]);
  });
});

describe("route labels in metrics and logs", () => {
  const get = async (web: Web, pathname: string) => {
    const response = await sendRequest(`${web.base}${pathname}`, "GET", {});
    const body = await readAll(response);
    return { status: response.statusCode, body };
  };
  const requestSeries = (metrics: string) =>
    metrics.split("\n").filter((line) => line.startsWith("rogue_http_requests_total{"));

  it("never shows a share link's id, and random paths add no series", async () => {
    const owner = await t.createUser();
    const chatId = await insertChat(t.db, owner, "Shared in a test");
    const shareId = await shares.createShare(t.db, { id: owner, plan: "starter" }, chatId);
    expect((await get(hops, `/share/${shareId}`)).status).toBe(200);
    const before = requestSeries((await get(hops, "/metrics")).body);

    const random = Array.from({ length: 50 }, () => randomBytes(6).toString("hex"));
    for (const segment of random) {
      expect((await get(hops, `/admin/${segment}`)).status).toBe(302);
      expect((await get(hops, `/chat/${segment}`)).status).toBe(302);
    }
    const metrics = (await get(hops, "/metrics")).body;
    const after = requestSeries(metrics);
    expect(metrics).toContain('route="/share/:shareId",status="200"');
    expect(metrics).not.toContain(shareId);
    for (const segment of random) expect(metrics).not.toContain(segment);
    // The 100 redirects are two series: /admin/* and /chat/:chatId.
    expect(after.length - before.length).toBeLessThanOrEqual(2);

    const requestLines = await until(() => {
      const lines = hops.logged.lines.filter((line) => line.msg === "request");
      return lines.some((line) => line.route === "/chat/:chatId") ? lines : null;
    }, "the requests' log lines");
    expect(requestLines).toContainEqual(expect.objectContaining({ route: "/share/:shareId", status: 200 }));
    expect(JSON.stringify(hops.logged.lines)).not.toContain(shareId);
  });
});

/**
 * Sends a form post's headers, then its body a byte every 200 ms (1,000 bytes would take 200 s); resolves with
 * the server's status line and how long the connection lasted.
 */
function trickleBody(web: Web): Promise<{ statusLine: string; ms: number }> {
  const { hostname, port } = new URL(web.base);
  const socket = connect(Number(port), hostname);
  const startedAt = performance.now();
  socket.write(
    `POST /signin HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${web.base}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n",
  );
  const trickle = setInterval(() => socket.write("a"), 200);
  let answer = "";
  socket.on("data", (chunk) => (answer += String(chunk)));
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("close", () => {
      clearInterval(trickle);
      resolve({ statusLine: answer.split("\r\n")[0] ?? "", ms: performance.now() - startedAt });
    });
  });
}

describe("REQUEST_TIMEOUT_SECONDS", () => {
  it("cuts off a client that trickles its body, and leaves an event stream open", async () => {
    const visitor = await sessionCookieFor(t, await t.createUser());
    const events = await sendRequest(`${impatient.base}/api/events`, "GET", { Cookie: visitor.cookie });
    expect(events.statusCode).toBe(200);
    let streamEnded = false;
    events.once("close", () => (streamEnded = true));
    events.resume();

    const { statusLine, ms } = await trickleBody(impatient);
    expect(statusLine).toBe("HTTP/1.1 408 Request Timeout");
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS * 1000 - 100);
    // The timeout is checked every second.
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 2_000);
    // The event stream has been open longer than a request may take to arrive, and is still open.
    expect(streamEnded).toBe(false);
    events.destroy();
  });
});

describe("the queue board (/admin/queues)", () => {
  it("audits every change an admin makes through it, with the admin and the address, and not a read", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const board = (method: string, pathname: string) =>
      sendRequest(`${impatient.base}/admin/queues${pathname}`, method, {
        Cookie: admin.cookie,
        Origin: impatient.base,
        "Content-Length": 0,
      }).then(async (response) => (await readAll(response), response.statusCode));
    const changes = () =>
      t.db
        .selectFrom("audit_log")
        .select(["actor_user_id", "details", "ip"])
        .where("action", "=", "queue.change")
        .orderBy("id")
        .execute();
    expect(await board("GET", "/api/queues")).toBe(200);
    expect(await board("PUT", "/api/queues/completion/pause")).toBeLessThan(300);
    expect(await board("PUT", "/api/queues/completion/resume")).toBeLessThan(300);
    // Recorded once each answer has gone out.
    await until(async () => (await changes()).length === 2, "two audited queue changes");
    expect(await changes()).toEqual([
      {
        actor_user_id: admin.userId,
        details: JSON.stringify({ request: "PUT /api/queues/completion/pause" }),
        ip: "127.0.0.1",
      },
      {
        actor_user_id: admin.userId,
        details: JSON.stringify({ request: "PUT /api/queues/completion/resume" }),
        ip: "127.0.0.1",
      },
    ]);
  });
});

describe("response headers", () => {
  /** The names of the headers `pathname` was answered with that came more than once. */
  async function repeatedHeaders(pathname: string, headers: Record<string, string>) {
    const response = await sendRequest(`${hops.base}${pathname}`, "GET", headers);
    const names = response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());
    response.destroy();
    return {
      status: response.statusCode,
      repeated: names.filter((name, index) => names.indexOf(name) !== index),
    };
  }

  it("sends each header once, set by the server or by the route, signed in or not", async () => {
    const owner = await t.createUser();
    const visitor = await sessionCookieFor(t, owner);
    const chatId = await insertChat(t.db, owner, "Headers");
    const shareId = await shares.createShare(t.db, { id: owner, plan: "starter" }, chatId);
    const paths = [
      "/",
      "/pricing",
      "/chat",
      "/settings",
      "/api/events",
      "/v1/models",
      `/share/${shareId}`,
      `/chat/${chatId}/download`,
      "/healthz",
    ];
    const signedOut: Record<string, string> = {};
    for (const headers of [signedOut, { Cookie: visitor.cookie }])
      for (const pathname of paths)
        expect({ pathname, ...(await repeatedHeaders(pathname, headers)) }).toEqual({
          pathname,
          status: expect.any(Number),
          repeated: [],
        });
  });

  it("lets the route's own Cache-Control replace the signed-in default", async () => {
    const visitor = await sessionCookieFor(t, await t.createUser());
    const response = await sendRequest(`${hops.base}/api/events`, "GET", { Cookie: visitor.cookie });
    expect(response.headers["cache-control"]).toBe("private, no-cache, no-transform");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    response.destroy();
    const page = await sendRequest(`${hops.base}/chat`, "GET", { Cookie: visitor.cookie });
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.vary).toBe("Accept-Language, Cookie");
    await readAll(page);
  });
});
