import { modelslab } from "./modelslab";
import { novita } from "./novita";
import { openAiCompatible } from "./openai-compatible";
import { together } from "./together";
import { VENDOR_NAMES, type VendorName } from "#contract/jobs";
import { VendorError, type VendorAdapter } from "./types";

export const vendorAdapters: Record<VendorName, VendorAdapter> = {
  together,
  novita,
  modelslab,
  openai: openAiCompatible({ maxTokens: 1000, stream: true }),
};

const isVendorName = (name: string): name is VendorName => (VENDOR_NAMES as readonly string[]).includes(name);

export function adapterFor(name: string): VendorAdapter {
  if (!isVendorName(name)) throw new VendorError({ code: "unsupported_vendor", detail: name });
  return vendorAdapters[name];
}
