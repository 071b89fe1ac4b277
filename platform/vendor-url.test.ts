import { describe, expect, it } from "vitest";
import { vendorUrlProblem } from "./vendor-url";

const publicResolver = async () => ["93.184.216.34"];
const check = (url: string, resolve = publicResolver, allowPrivate = false) =>
  vendorUrlProblem(url, { allowPrivate, resolve });

describe("vendor endpoint URLs entered in the console", () => {
  it("accepts a public https endpoint", async () => {
    expect(await check("https://api.together.xyz/v1/chat/completions")).toBeNull();
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "gopher://x/"])(
    "refuses the scheme of %s",
    async (url) => expect(await check(url)).toBe("scheme"),
  );

  it("refuses what is not a URL, and credentials in it", async () => {
    expect(await check("not a url")).toBe("format");
    expect(await check("https://user:pw@example.com/")).toBe("format");
  });

  it.each([
    "http://127.0.0.1:8080/",
    "http://localhost/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[fe80::1]/",
    "http://[fd00::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://2130706433/",
    "http://0x7f.0.0.1/",
    "http://0177.0.0.1/",
    "http://017700000001/",
  ])("refuses the internal address %s", async (url) => {
    expect(await check(url)).toBe("private");
  });

  it("refuses a DNS name that resolves to an internal address, even one among public ones", async () => {
    expect(await check("https://rebind.example/", async () => ["93.184.216.34", "10.0.0.5"])).toBe("private");
    expect(await check("https://gone.example/", async () => Promise.reject(new Error("ENOTFOUND")))).toBe(
      "unresolvable",
    );
  });

  it("allows internal addresses when ALLOW_PRIVATE_VENDOR_URLS is on (a local Ollama)", async () => {
    expect(await check("http://127.0.0.1:11434/v1/chat/completions", publicResolver, true)).toBeNull();
    expect(await check("ftp://127.0.0.1/", publicResolver, true)).toBe("scheme");
  });
});
