/**
 * The mock vendor in a process of its own, so its timers and writes do not share an event loop with the
 * measuring client (each would delay the other and the delay would be read as product latency). It answers
 * the benchmark over IPC: `take` hands over and clears the tap's records, `stats` reports its own load.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { MOCK_VENDORS, startMockVendor, type MockVendorName } from "#scripts/mock-vendor";
import { installTap } from "./tap";

export type MockRequest = { id: number; type: "take" | "stats" };
export interface MockReady {
  url: string;
  endpoints: Record<MockVendorName, string>;
}
export interface MockStats {
  cpuMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

const records = installTap();
// The histogram holds whole timer intervals; the delay is what exceeds the 1 ms interval.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

function stats(): MockStats {
  const usage = process.cpuUsage();
  const result = {
    cpuMs: (usage.user + usage.system) / 1000,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6 - 1,
    loopDelayMaxMs: loopDelay.max / 1e6 - 1,
  };
  loopDelay.reset();
  return result;
}

const mock = await startMockVendor({ port: 0, host: "127.0.0.1" });
process.on("message", (message: MockRequest) => {
  if (message.type === "take") process.send?.({ id: message.id, result: records.splice(0) });
  else process.send?.({ id: message.id, result: stats() });
});
// The parent going away (even by SIGKILL) closes the IPC channel: leave with it.
process.on("disconnect", () =>
  mock
    .close()
    .catch((error: unknown) => console.error(error))
    .finally(() => process.exit(0)),
);
const ready: MockReady = {
  url: mock.url,
  endpoints: Object.fromEntries(
    MOCK_VENDORS.map((vendor) => [vendor, mock.endpoint(vendor)]),
  ) as MockReady["endpoints"],
};
process.send?.({ id: 0, result: ready });
