import { vendorCheckResultSchema, type VendorCheckJob, type VendorCheckResult } from "#contract/jobs";
import { serverContext } from "../server-context.server";

const CHECK_WAIT_MS = 20_000;

/**
 * Asks a worker to try a vendor (workers are what reach vendors) and waits for the answer. Throws when no
 * answer comes (Redis down, no worker running); callers say so in their own words.
 */
export async function runVendorCheck(job: VendorCheckJob): Promise<VendorCheckResult> {
  const { queue, events } = serverContext().vendorChecks;
  const added = await queue.add("check", job, {
    removeOnComplete: { age: 60 },
    removeOnFail: { age: 60 },
    attempts: 1,
  });
  return vendorCheckResultSchema.parse(await added.waitUntilFinished(events, CHECK_WAIT_MS));
}
