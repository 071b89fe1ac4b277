import { createServer } from "node:net";

/**
 * Ports the OS never hands out by itself: below every ephemeral range (Linux 32768–60999, macOS and Windows
 * 49152–65535). A port from the ephemeral range, found free and released, could be given to another process's
 * `listen(0)` or outgoing connection before the child listens on it; on a busy machine the web then failed with
 * EADDRINUSE.
 */
const FIRST = 20_000;
const PAST_LAST = 32_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    // Every address, as the web listens.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on right now, for a child process told to listen there. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FIRST + Math.floor(Math.random() * (PAST_LAST - FIRST));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${PAST_LAST}`);
}
