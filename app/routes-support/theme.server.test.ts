import { describe, expect, it } from "vitest";
import { readTheme, themeCookie } from "./theme.server";

const request = (cookie?: string) =>
  new Request("http://localhost/", cookie ? { headers: { Cookie: cookie } } : undefined);

describe("theme cookie", () => {
  it("is dark by default and when the cookie holds anything unknown", () => {
    expect(readTheme(request())).toBe("dark");
    expect(readTheme(request("theme=neon"))).toBe("dark");
    expect(readTheme(request("other=light"))).toBe("dark");
  });

  it("reads light or dark among other cookies", () => {
    expect(readTheme(request("a=1; theme=light; b=2"))).toBe("light");
    expect(readTheme(request("theme=dark"))).toBe("dark");
  });

  it("is written as theme=<value> for the whole site, for a year", () => {
    const cookie = themeCookie("light", { secure: false });
    expect(cookie).toMatch(/^theme=light; /);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(cookie).not.toContain("Secure");
    expect(themeCookie("dark", { secure: true })).toContain("Secure");
  });
});
