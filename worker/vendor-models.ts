/**
 * The models a vendor's endpoint reports (OpenAI's `GET …/models`, which Ollama, vLLM, LM Studio, Together and
 * Novita answer too), so the console can add them in one click instead of an admin typing ids by hand.
 * See docs/product.md §4.
 */
import { z } from "zod";
import { decryptSecret } from "#platform/crypto";
import type { Db } from "#db/database";
import { vendorNamed } from "#db/vendors";
import {
  MAX_LISTED_MODELS,
  speaksOpenAiFormat,
  type ModelListResult,
  type VendorCheckJob,
} from "#contract/jobs";
import { getJson } from "./vendors/http";
import type { InternalReach } from "./vendors/reach";
import { VendorError } from "./vendors/types";

const LIST_TIMEOUT_MS = 15_000;

/** OpenAI answers `{data: [{id}]}`; Together answers the bare array. */
const modelListSchema = z.union([
  z.object({ data: z.array(z.object({ id: z.string().min(1) })) }).transform((body) => body.data),
  z.array(z.object({ id: z.string().min(1) })),
]);

/** The models address beside a chat-completions endpoint: `…/v1/chat/completions` → `…/v1/models`. */
export function modelsUrl(endpointUrl: string): string | null {
  const url = new URL(endpointUrl);
  if (!/\/chat\/completions\/?$/.test(url.pathname)) return null;
  url.pathname = url.pathname.replace(/\/chat\/completions\/?$/, "/models");
  return url.toString();
}

export async function listVendorModels(
  db: Db,
  appSecret: string,
  job: VendorCheckJob,
  internalReach: InternalReach,
): Promise<ModelListResult> {
  const vendor = await vendorNamed(db, job.vendor);
  if (!vendor || !speaksOpenAiFormat(vendor.name))
    return { ok: false, failure: { code: "unsupported_vendor", detail: job.vendor } };
  const url = modelsUrl(vendor.endpoint_url);
  if (!url) return { ok: false, failure: { code: "not_found", detail: vendor.endpoint_url } };
  const encrypted = job.encryptedKey ?? vendor.api_key_encrypted;
  const signal = AbortSignal.timeout(LIST_TIMEOUT_MS);
  try {
    const body = await getJson(
      {
        requestId: `models:${Date.now()}`,
        endpointUrl: vendor.endpoint_url,
        internalAllowed: internalReach(vendor.endpoint_url),
        // A local server (Ollama, LM Studio) needs no key; the list is asked for without one.
        apiKey: encrypted ? decryptSecret(encrypted, appSecret) : "",
      },
      url,
      signal,
    );
    const models = modelListSchema.safeParse(body);
    if (!models.success) return { ok: false, failure: { code: "invalid_format", detail: "no model list" } };
    const ids = [...new Set(models.data.map((model) => model.id))].slice(0, MAX_LISTED_MODELS);
    return { ok: true, models: ids };
  } catch (error) {
    if (signal.aborted) return { ok: false, failure: { code: "timeout" } };
    if (error instanceof VendorError) return { ok: false, failure: error.failure };
    throw error;
  }
}
