/**
 * A client's address as people write it. A server listening on both IPv4 and IPv6 sees an IPv4 client as an
 * IPv4-mapped IPv6 address ("::ffff:203.0.113.5"); the same client must count and read as "203.0.113.5"
 * in rate limits and the audit log, whichever way it connected.
 */
export function plainIp(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}
