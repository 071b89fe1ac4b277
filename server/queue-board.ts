/**
 * bull-board (the BullMQ queues' own console) mounted under /admin/queues by the web's Express server
 * (server/app.ts). It is not a Remix route, so the same admin check runs here first, on every request: a
 * signed-out visitor goes to sign-in, a non-admin home with 'Access Denied', exactly as on /admin/*.
 * Its POSTs (retry, clean) pass the web's same-site guard before they get here.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { recordAudit } from "~/modules/admin/audit.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { requireAdmin } from "~/routes-support/auth.server";
import { plainIp } from "~/utils/client-ip";
import { webLogger } from "~/utils/logger.server";
import { serverContext } from "~/modules/server-context.server";
import { contentSecurityPolicy } from "~/utils/csp.server";

export const QUEUE_BOARD_PATH = "/admin/queues";

/** The Fetch request the app's session code reads: the same cookies, the same URL. */
function asFetchRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return new Request(new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`), {
    method: "GET",
    headers,
  });
}

/** A request that changes a queue or its jobs (pause, resume, retry, clean, promote, remove…): not a read. */
const changesSomething = (req: ExpressRequest) => req.method !== "GET" && req.method !== "HEAD";

/**
 * Records a change made through the board once it has succeeded: who, from where, and the board's own request
 * (`PUT /api/queues/completion/pause`), which names the action, the queue and any job.
 */
function auditWhenDone(req: ExpressRequest, res: ExpressResponse, admin: SessionUser) {
  res.once("finish", () => {
    if (res.statusCode >= 400) return;
    recordAudit(serverContext().db, {
      actorUserId: admin.user.id,
      action: "queue.change",
      details: { request: `${req.method} ${req.path}` },
      ip: plainIp(req.ip ?? req.socket.remoteAddress ?? "unknown"),
    }).catch((error: unknown) => webLogger().error({ err: error }, "could not audit a queue change"));
  });
}

/**
 * Express middleware: admins pass, and what they change is audited; anyone else gets the console's own refusal
 * (a redirect with a toast).
 */
export function requireAdminMiddleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  requireAdmin(asFetchRequest(req)).then(
    (admin) => {
      if (changesSomething(req)) auditWhenDone(req, res, admin);
      next();
    },
    (refusal: unknown) => {
      if (!(refusal instanceof Response)) return next(refusal);
      res.status(refusal.status);
      refusal.headers.forEach((value, name) => {
        if (name !== "set-cookie") res.setHeader(name, value);
      });
      const cookies = refusal.headers.getSetCookie();
      if (cookies.length) res.setHeader("Set-Cookie", cookies);
      res.end();
    },
  );
}

type Handler = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => void;

/** bull-board's own router for the completion and vendor-check queues. */
async function boardRouter(): Promise<Handler> {
  const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
    import("@bull-board/api"),
    import("@bull-board/api/bullMQAdapter"),
    import("@bull-board/express"),
  ]);
  const { queue, vendorChecks } = serverContext();
  const adapter = new ExpressAdapter();
  adapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: [new BullMQAdapter(queue), new BullMQAdapter(vendorChecks.queue)],
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: "Rogue AI queues" } },
  });
  return adapter.getRouter() as Handler;
}

/**
 * The board, under the site's Content-Security-Policy: bull-board's page asks Google for its fonts, which would
 * tell Google who opens the console and when. The browser refuses that request; the board falls back to the
 * system's sans-serif. bull-board (with an Express of its own) is loaded at the first admin's visit: a web
 * process that never serves the board does not hold it (docs/benchmarks.md, "Idle memory").
 */
export function queueBoardRouter(): Handler {
  let router: Promise<Handler> | undefined;
  const policy = contentSecurityPolicy();
  return (req, res, next) => {
    router ??= boardRouter();
    router.then(
      (route) => {
        res.setHeader("Content-Security-Policy", policy);
        route(req, res, next);
      },
      (error: unknown) => {
        // Tried again on the next visit rather than failing for good.
        router = undefined;
        next(error);
      },
    );
  };
}
