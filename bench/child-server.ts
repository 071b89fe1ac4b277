/**
 * The child's side of child.ts for a helper that is an HTTP server (the peer proxy, the floor's web half):
 * listen on a free loopback port, report the URL of `path` as ready, and leave when the benchmark does.
 */
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ServerReady {
  url: string;
}

/** A request's whole body, parsed as JSON. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
}

export function serveForBench(server: Server, path: string) {
  // As the web process (server/app.ts): Node's 5 s would reset keep-alive connections the client reuses
  // after a round of the other paths.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    const ready: ServerReady = { url: `http://127.0.0.1:${port}${path}` };
    process.send?.({ id: 0, result: ready });
  });
  // The parent going away (even by SIGKILL) closes the IPC channel: leave with it.
  process.on("disconnect", () => process.exit(0));
}
