/** The benchmark's handle on the mock vendor process (bench/mock-process.ts). */
import type { MockVendorName } from "#scripts/mock-vendor";
import { startChild } from "./child";
import type { MockReady, MockStats } from "./mock-process";
import type { TapRecord } from "./tap";

export interface MockProcess {
  url: string;
  pid: number;
  endpoint(vendor: MockVendorName): string;
  /** Every tap record since the last take, then forgets them. */
  take(): Promise<TapRecord[]>;
  /** CPU used since start, and event-loop delay since the last call. */
  stats(): Promise<MockStats>;
  stop(): Promise<void>;
}

export async function startMockProcess(env: NodeJS.ProcessEnv): Promise<MockProcess> {
  const child = await startChild<MockReady>("bench/mock-process.ts", "mock vendor", env);
  return {
    url: child.ready.url,
    pid: child.pid,
    endpoint: (vendor) => child.ready.endpoints[vendor],
    take: async () => (await child.ask("take")) as TapRecord[],
    stats: async () => (await child.ask("stats")) as MockStats,
    stop: child.stop,
  };
}
