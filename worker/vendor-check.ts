/**
 * A vendor connection test: a 'Hello' to one of the vendor's available models; the first text that
 * comes back proves the endpoint and key work, so the request is cut there.
 * See docs/product.md §4.
 */
import { decryptSecret } from "#platform/crypto";
import type { Db } from "#db/database";
import { vendorNamed } from "#db/vendors";
import type { VendorCheckJob, VendorCheckResult } from "#contract/jobs";
import { adapterFor } from "./vendors/index";
import type { InternalReach } from "./vendors/reach";
import { VendorError } from "./vendors/types";

const CHECK_TIMEOUT_MS = 15_000;

export async function checkVendor(
  db: Db,
  appSecret: string,
  job: VendorCheckJob,
  internalReach: InternalReach,
): Promise<VendorCheckResult> {
  const vendor = await vendorNamed(db, job.vendor);
  if (!vendor) return { ok: false, failure: { code: "unsupported_vendor", detail: job.vendor } };
  const model = await db
    .selectFrom("api_vendor_models")
    .select("model_id")
    .where("vendor_id", "=", vendor.id)
    .where("is_available", "=", 1)
    .orderBy("id")
    .executeTakeFirst();
  if (!model) return { ok: false, failure: { code: "model", detail: "No available models for this vendor" } };
  const encrypted = job.encryptedKey ?? vendor.api_key_encrypted;
  if (!encrypted) return { ok: false, failure: { code: "key_missing", detail: vendor.name } };

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
  const started = Date.now();
  try {
    const chunks = adapterFor(vendor.name)(
      {
        requestId: `check:${Date.now()}`,
        endpointUrl: vendor.endpoint_url,
        internalAllowed: internalReach(vendor.endpoint_url),
        apiKey: decryptSecret(encrypted, appSecret),
        model: model.model_id,
        messages: [{ role: "user", content: "Hello" }],
        temperature: 0.7,
      },
      controller.signal,
    );
    for await (const chunk of chunks) {
      if (chunk.type === "text") break;
    }
    return { ok: true, latencyMs: Date.now() - started };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, failure: { code: "timeout" } };
    if (error instanceof VendorError) return { ok: false, failure: error.failure };
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
