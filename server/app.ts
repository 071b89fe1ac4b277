/**
 * The web process's server: Express in front of the Remix app, with what must run before any route (request
 * ids, the log line, security headers, the same-site and body guards, /metrics, the queue board). It is built
 * with the app into one bundle (vite.config.ts), so the server and the routes share one copy of every module;
 * server/web.ts starts it.
 * No compression middleware: it would buffer text/event-stream responses and hold tokens back. The browser's
 * scripts and stylesheets go out as the gzip the build wrote beside them (static-assets.ts).
 */
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import type { ViteDevServer } from "vite";
import { requestIdFrom, withLogContext } from "#platform/log-context";
import { withRequestLanguage } from "~/modules/i18n/request-language.server";
import { serveMetrics } from "#platform/metrics";
import { QUEUE_BOARD_PATH, queueBoardRouter, requireAdminMiddleware } from "./queue-board";
import { closeServerContext, readyRedis } from "~/modules/server-context.server";
import { SESSION_COOKIE } from "~/modules/auth/session.server";
import { detectLocale } from "~/modules/i18n/languages";
import { plainIp } from "~/utils/client-ip";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import { webMetrics } from "~/utils/metrics.server";
import { requestGuards } from "./guards";
import { clusterMetricsSource } from "./cluster";
import { routeLabeler } from "./route-labels";
import { createWebHttpServer } from "./http-server";
import { setDefaultHeaders } from "./default-headers";
import { staticAssets } from "./static-assets";

const SHUTDOWN_GRACE_MS = 3_000;
const KEEP_ALIVE_MS = 65_000;

export interface WebServerOptions {
  /** The Remix app: the bundle's own in production, loaded anew per request through Vite in development. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's development server (`npm run dev`): it serves the browser's modules and reloads them. */
  vite?: ViteDevServer;
  /**
   * The HTTP server to answer on, when someone else needs it first: in development Vite's hot reload shares
   * it, so its WebSocket is on the page's own origin, which the CSP's `connect-src 'self'` allows.
   */
  httpServer?: Server;
}

export async function startWebServer({ build, vite, httpServer }: WebServerOptions) {
  const dev = vite !== undefined;
  const env = webEnv();
  const logger = webLogger();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);
  const metrics = webMetrics();
  const metricsSource = clusterMetricsSource(metrics.registry);
  // In development the routes are read once at start: a route added meanwhile is labelled once restarted.
  const routeLabel = routeLabeler((typeof build === "function" ? await build() : build).routes);
  // Every request gets an id (a proxy's X-Request-Id, or a new one), answered back and carried by every log
  // line the request causes here, in the job it queues, in the worker's run and to the vendor.
  app.use((req, res, next) => {
    const requestId = requestIdFrom(req.get("x-request-id"));
    res.setHeader("X-Request-Id", requestId);
    const startedAt = performance.now();
    // Pages speak the cookie's or the browser's language: a shared cache must keep one copy per language.
    if (!path.extname(req.path)) res.vary("Accept-Language").vary("Cookie");
    const context = { requestId };
    // "close", not "finish": an event stream the browser closes never finishes, and it counts all the same.
    res.once("close", () => {
      // originalUrl: a mounted middleware (the assets) strips its mount path from req.path.
      const route = routeLabel(new URL(req.originalUrl, "http://web").pathname, res.statusCode);
      metrics.httpRequests.inc({ method: req.method, route, status: res.statusCode });
      const line = {
        method: req.method,
        route,
        status: res.statusCode,
        ms: Math.round(performance.now() - startedAt),
      };
      // Written in this request's own context, whichever callback emits "close" (a write completing, the
      // connection closing): the line carries this request's ids, its completion id included.
      withLogContext(context, () => {
        // Scrapes and health checks every few seconds would drown the requests people make.
        if (route === "/metrics" || route === "/healthz") logger.debug(line, "request");
        else logger.info(line, "request");
      });
    });
    withLogContext(context, () =>
      withRequestLanguage(detectLocale(req.get("cookie"), req.get("accept-language")), next),
    );
  });
  app.get("/metrics", (req, res, next) => {
    // req.ip: the client as TRUST_PROXY decides, as for every other use of the client's address.
    serveMetrics(metricsSource, env.metricsToken, req, res, req.ip).catch(next);
  });
  app.use((req, res, next) => {
    setDefaultHeaders(res, {
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "same-origin",
      // Browsers remember HSTS only from https; on plain http (npm start on localhost) it would be ignored.
      ...(req.secure && { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }),
      // A signed-in page carries the user's data: never kept by a shared cache or the browser's back/forward
      // store. Static files set their own caching below, and event streams their own no-cache.
      ...(req.get("cookie")?.includes(`${SESSION_COOKIE}=`) && { "Cache-Control": "private, no-store" }),
    });
    next();
  });
  app.use(
    requestGuards({
      trustProxy: env.trustProxy !== false,
      // Each file's part headers (its name, its type) fit in a kilobyte.
      chatFileBytes: env.attachments.messageBytes + env.attachments.perMessage * 1024,
    }),
  );
  app.use(QUEUE_BOARD_PATH, requireAdminMiddleware, queueBoardRouter());

  if (vite) app.use(vite.middlewares);
  else if (typeof build !== "function") {
    // The browser's files, where the build says (relative to the working directory, as remix-serve reads it).
    const clientBuild = path.resolve(build.assetsBuildDirectory);
    app.use("/assets", staticAssets(path.join(clientBuild, "assets")));
    // Only paths that look like files reach the disk: event streams and pages skip a needless stat.
    const publicFiles = express.static(clientBuild, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext: (req) => ({ clientIp: plainIp(req.ip ?? req.socket.remoteAddress ?? "unknown") }),
    }),
  );

  // A new process (a restart, a rolling upgrade) takes connections once its Redis connection is up, rather
  // than answering its first requests 503; if Redis does not answer in time it listens all the same and
  // answers 503 until Redis is back, as during any outage.
  await readyRedis().catch(() => logger.warn("Redis is not answering yet; listening all the same"));
  const server = httpServer ?? createWebHttpServer(env.requestTimeoutMs);
  server.on("request", app);
  await new Promise<void>((resolve) => server.listen(env.port, resolve));
  // Node closes an idle keep-alive connection after 5 s; a client (or load balancer) sending on it just then
  // gets ECONNRESET, which the benchmark saw under load. Idle connections stay open longer than the usual
  // proxy idle timeout (60 s), so the client side closes first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  logger.info({ port: env.port }, `web listening on http://localhost:${env.port}`);

  async function close() {
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    // Open event streams never end by themselves; browsers reconnect with Last-Event-ID elsewhere.
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    // Requests under way finish first (a rolling restart must not turn them into 500s); only then go the
    // database and Redis they use.
    await closed;
    clearTimeout(grace);
    await closeServerContext();
  }
  return { server, close };
}
