import expressStaticGzip from "express-static-gzip";

/**
 * The build's browser files, kept for good (their names change with their content). A script or stylesheet
 * goes out as the gzip the build wrote beside it (vite.config.ts, gzipAssets) to a browser that accepts gzip.
 * Only these files: a page or an event stream is never compressed, which would hold a reply's tokens back.
 */
export const staticAssets = (assetsDir: string) =>
  expressStaticGzip(assetsDir, { index: false, serveStatic: { immutable: true, maxAge: "1y" } });
