/** The benchmark's handle on the peer proxy process (bench/peer-proxy.ts). */
import { startChild } from "./child";
import type { ServerReady } from "./child-server";

export interface PeerProcess {
  /** Where the client POSTs `{ messages }`. */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the peer in front of `vendorBaseUrl`, the mock's OpenAI base URL (…/openai/v1). */
export async function startPeerProcess(env: NodeJS.ProcessEnv, vendorBaseUrl: string): Promise<PeerProcess> {
  const child = await startChild<ServerReady>("bench/peer-proxy.ts", "peer proxy", {
    ...env,
    NODE_ENV: "production",
    PEER_VENDOR_URL: vendorBaseUrl,
  });
  return { url: child.ready.url, pid: child.pid, stop: child.stop };
}
