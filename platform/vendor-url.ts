/**
 * Which vendor endpoint URLs an admin may enter (and a worker may then call): http(s) only, and no private,
 * loopback, link-local or otherwise internal address — by literal or by what a DNS name resolves to — unless
 * ALLOW_PRIVATE_VENDOR_URLS is on. Shared by the web (when saved) and the worker (again at connect time,
 * worker/vendors/reach.ts, so a name that re-resolves to an internal address later is still refused).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:7f00:1 is 127.0.0.1). */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 ? blocked.check(v4, "ipv4") : blocked.check(bare, "ipv6");
  }
  return true;
}

export type VendorUrlProblem = "format" | "scheme" | "private" | "unresolvable";

export type Resolver = (hostname: string) => Promise<string[]>;
const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Null when the URL may be used, else why not. The WHATWG parser has already turned decimal, octal and hex
 * IPv4 spellings (http://2130706433/, http://0x7f.1/) into dotted form, so one check covers them all.
 */
export async function vendorUrlProblem(
  value: string,
  { allowPrivate, resolve = systemResolver }: { allowPrivate: boolean; resolve?: Resolver },
): Promise<VendorUrlProblem | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "format";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "scheme";
  if (url.username || url.password) return "format";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isInternalAddress(host) ? "private" : null;
  if (host === "localhost" || host.endsWith(".localhost")) return "private";
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return "unresolvable";
  }
  if (addresses.length === 0) return "unresolvable";
  return addresses.some(isInternalAddress) ? "private" : null;
}
