/** Built assets sent as their gzip sibling, on a real Express server, and everything else left to the plain file. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticAssets } from "./static-assets";

const SCRIPT = "export const hello = 'hello';\n".repeat(50);
let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "static-assets-"));
  writeFileSync(path.join(dir, "entry-abc.js"), SCRIPT);
  writeFileSync(path.join(dir, "entry-abc.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, "plain-abc.js"), SCRIPT);
  const app = express();
  app.use("/assets", staticAssets(dir));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer (Node's http does not decompress), so the test sees the bytes a browser gets. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Buffer; headers: IncomingHttpHeaders }>((resolve, reject) => {
    httpRequest(`${origin}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks), headers: res.headers }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("staticAssets", () => {
  it("sends a script's gzip to a browser that accepts it, as the script's type, cached for good", async () => {
    const answer = await get("/assets/entry-abc.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toContain("immutable");
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  it("sends the plain file to a client that does not accept gzip", async () => {
    for (const encoding of ["identity", "br", "gzip;q=0"]) {
      const answer = await get("/assets/entry-abc.js", { "Accept-Encoding": encoding });
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(SCRIPT);
    }
  });

  it("sends the plain file when the build wrote no gzip beside it, and 404 for a file that does not exist", async () => {
    const plain = await get("/assets/plain-abc.js", { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect((await get("/assets/missing.js", { "Accept-Encoding": "gzip" })).status).toBe(404);
    expect((await get("/assets/..%2fentry-abc.js", { "Accept-Encoding": "gzip" })).status).toBe(404);
  });
});
