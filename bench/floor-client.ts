/** The benchmark's handle on the floor (bench/floor-web.ts and floor-worker.ts), two processes. */
import { startChild } from "./child";
import type { ServerReady } from "./child-server";

export interface FloorProcesses {
  /** Where the client POSTs `{ messages }` with its X-Request-ID. */
  url: string;
  webPid: number;
  workerPid: number;
  stop(): Promise<void>;
}

/** Starts the floor on the product's Redis, in front of the mock's Together endpoint. */
export async function startFloorProcesses(
  env: NodeJS.ProcessEnv,
  redisUrl: string,
  vendorUrl: string,
): Promise<FloorProcesses> {
  const floorEnv = {
    ...env,
    NODE_ENV: "production" as const,
    REDIS_URL: redisUrl,
    FLOOR_VENDOR_URL: vendorUrl,
  };
  const worker = await startChild<object>("bench/floor-worker.ts", "floor worker", floorEnv);
  const web = await startChild<ServerReady>("bench/floor-web.ts", "floor web", floorEnv).catch(
    async (error: unknown) => {
      await worker.stop();
      throw error;
    },
  );
  return {
    url: web.ready.url,
    webPid: web.pid,
    workerPid: worker.pid,
    stop: async () => {
      await web.stop();
      await worker.stop();
    },
  };
}
