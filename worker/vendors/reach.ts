/**
 * Where a vendor call may connect. An endpoint an admin entered may not reach a private, loopback or otherwise
 * internal address (platform/vendor-url.ts), checked again here at connect time: the addresses DNS gives now
 * are checked, and the connection goes to a checked one, so a name that re-resolves to 127.0.0.1 after it was
 * saved (DNS rebinding) is refused and the key never sent. The operator's own endpoints (VENDOR_<NAME>_URL,
 * such as a local model server or the mock vendor) and every endpoint under ALLOW_PRIVATE_VENDOR_URLS may.
 */
import { lookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent } from "undici";
import type { SharedEnv } from "#platform/env";
import { isInternalAddress } from "#platform/vendor-url";

/** Whether an endpoint may be on an internal address. */
export type InternalReach = (endpointUrl: string) => boolean;

export function internalReach(
  env: Pick<SharedEnv, "allowPrivateVendorUrls" | "vendorOverrides">,
): InternalReach {
  const operators = new Set(
    Object.values(env.vendorOverrides)
      .map((override) => override.url)
      .filter((url): url is string => Boolean(url)),
  );
  return (endpointUrl) => env.allowPrivateVendorUrls || operators.has(endpointUrl);
}

export class InternalAddressError extends Error {
  readonly code = "EINTERNAL";
  constructor(host: string) {
    super(`${host} is an internal address`);
  }
}

/** net.connect's lookup, refusing a name any of whose addresses is internal. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    if (addresses.some((entry) => isInternalAddress(entry.address)))
      return callback(new InternalAddressError(hostname), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Connections for endpoints that may not reach internal addresses. */
export const externalOnly = new Agent({ connect: { lookup: checkedLookup } });

/** Throws for an address literal that is internal: a literal is connected to without any lookup. */
export function assertExternalLiteral(endpointUrl: string) {
  const host = new URL(endpointUrl).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isInternalAddress(host)) throw new InternalAddressError(host);
}
