import type { z } from "zod";
import {
  modelListResultSchema,
  VENDOR_JOBS,
  vendorCheckResultSchema,
  type ModelListResult,
  type VendorCheckJob,
  type VendorCheckResult,
} from "#contract/jobs";
import { serverContext } from "../server-context.server";

const CHECK_WAIT_MS = 20_000;

/**
 * Asks a worker to reach a vendor (workers are what reach vendors) and waits for the answer. Throws when no
 * answer comes (Redis down, no worker running); callers say so in their own words.
 */
async function askWorker<T>(name: string, job: VendorCheckJob, result: z.ZodType<T>): Promise<T> {
  const { queue, events } = serverContext().vendorChecks;
  const added = await queue.add(name, job, {
    removeOnComplete: { age: 60 },
    removeOnFail: { age: 60 },
    attempts: 1,
  });
  return result.parse(await added.waitUntilFinished(events, CHECK_WAIT_MS));
}

/** A connection test: one short reply from the vendor, with the given key or its stored one. */
export const runVendorCheck = (job: VendorCheckJob): Promise<VendorCheckResult> =>
  askWorker(VENDOR_JOBS.check, job, vendorCheckResultSchema);

/** The models the vendor's endpoint reports. */
export const listEndpointModels = (job: VendorCheckJob): Promise<ModelListResult> =>
  askWorker(VENDOR_JOBS.models, job, modelListResultSchema);
