/**
 * The web as `npm run web`, `npm start` and the image run it (server/main.ts): WEB_CONCURRENCY processes
 * sharing PORT (a cluster primary and its web processes, server/cluster.ts), or one process.
 *
 * In production this is part of the app's own server bundle (vite.config.ts), compiled JavaScript, with the
 * server (server/app.ts) and the Remix app sharing one copy of every module. In development (`--dev`, run by
 * tsx) it loads the server through Vite's development server, which then holds the only copy.
 */
import cluster from "node:cluster";
import type { ServerBuild } from "@remix-run/node";
import { exitWithFailure } from "#platform/logger";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import type * as WebServer from "./app";
import { runWebCluster } from "./cluster";
import { createWebHttpServer } from "./http-server";

/** One web process: the app's server, from the bundle, or through Vite in development. */
async function startOne(dev: boolean) {
  if (!dev) {
    const [{ startWebServer }, build] = await Promise.all([
      import("./app"),
      import("virtual:remix/server-build"),
    ]);
    return startWebServer({ build });
  }
  const { createServer } = await import("vite");
  const httpServer = createWebHttpServer(webEnv().requestTimeoutMs);
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
  const { startWebServer } = (await vite.ssrLoadModule("/server/app.ts")) as typeof WebServer;
  const build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  return startWebServer({ vite, build, httpServer });
}

/** Stops once on SIGTERM / SIGINT (Ctrl-C reaches a process from the terminal and from the supervisor). */
function stopOnSignal(close: () => Promise<void>) {
  let closing: Promise<void> | undefined;
  const stop = () => {
    closing ??= close().then(
      () => process.exit(0),
      (error: unknown) => exitWithFailure("web", error),
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/** `entry`: the file a web process of the cluster runs. Vite's development server (`dev`) stays one process. */
export async function serveWeb({ dev, entry }: { dev: boolean; entry: string }) {
  const processes = dev ? 1 : webEnv().webConcurrency;
  if (processes > 1 && cluster.isPrimary) {
    // The primary serves no request: it loads none of the app, and its web processes run this same file.
    stopOnSignal(runWebCluster(processes, webLogger(), entry).stop);
    return;
  }
  const { close } = await startOne(dev);
  stopOnSignal(close);
}
