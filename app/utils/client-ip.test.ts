import { describe, expect, it } from "vitest";
import { plainIp } from "./client-ip";

describe("plainIp", () => {
  it("writes an IPv4-mapped IPv6 address as the IPv4 address it is", () => {
    expect(plainIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(plainIp("::FFFF:203.0.113.5")).toBe("203.0.113.5");
  });

  it("leaves IPv4 and other IPv6 addresses as they are", () => {
    expect(plainIp("198.51.100.7")).toBe("198.51.100.7");
    expect(plainIp("::1")).toBe("::1");
    expect(plainIp("2001:db8::ffff:1.2.3.4")).toBe("2001:db8::ffff:1.2.3.4");
    expect(plainIp("unknown")).toBe("unknown");
  });
});
