import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * Sends a built script or stylesheet as the gzip the build wrote beside it (vite.config.ts, gzipAssets) to a
 * browser that accepts gzip; anything else goes on to the plain file. The files are listed once: a build's
 * assets never change while a process serves them. Only these files: a page or an event stream is never
 * compressed, which would hold a streaming reply's tokens back.
 */
export function gzipAssets(assetsDir: string, cache: { immutable: boolean; maxAge: string }): RequestHandler {
  const compressed = new Set(
    existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => name.endsWith(".gz")) : [],
  );
  return (req, res, next) => {
    const type = TYPES[path.extname(req.path)];
    const file = `${req.path.slice(1)}.gz`;
    if ((req.method !== "GET" && req.method !== "HEAD") || !type || !compressed.has(file)) return next();
    res.vary("Accept-Encoding");
    if (!req.acceptsEncodings("gzip")) return next();
    res.sendFile(
      file,
      { root: assetsDir, ...cache, headers: { "Content-Type": type, "Content-Encoding": "gzip" } },
      (error) => error && next(error),
    );
  };
}
