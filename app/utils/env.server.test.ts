import { describe, expect, it } from "vitest";
import { ConfigError } from "#platform/env";
import { loadWebEnv } from "./env.server";

const trustProxy = (value: string | undefined) =>
  loadWebEnv({ TRUST_PROXY: value, APP_SECRET: "s".repeat(32), DATA_DIR: "/tmp/rogue-env-unused" })
    .trustProxy;

function problems(value: string): string[] {
  try {
    trustProxy(value);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("TRUST_PROXY", () => {
  it("trusts nobody by default", () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy("0")).toBe(false);
    expect(trustProxy("false")).toBe(false);
  });

  it("takes a number of proxies in front", () => {
    expect(trustProxy("1")).toBe(1);
    expect(trustProxy("2")).toBe(2);
  });

  it("takes proxies' addresses, ranges and proxy-addr's named ranges", () => {
    expect(trustProxy("10.0.0.5, 192.168.0.0/16,fd00::/8 , loopback")).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses true, which would trust the address a client writes, and anything not an address", () => {
    expect(problems("true")).toEqual([
      expect.stringMatching(/^TRUST_PROXY: true would take any X-Forwarded-For/),
    ]);
    expect(problems("10.0.0.300")).toEqual([expect.stringContaining("not 10.0.0.300")]);
    expect(problems("10.0.0.0/33, proxy.local")).toEqual([
      expect.stringContaining("not 10.0.0.0/33, proxy.local"),
    ]);
  });
});

describe("mail settings", () => {
  const base = { APP_SECRET: "s".repeat(32), DATA_DIR: "/tmp/rogue-env-unused" };
  const problemsOf = (source: Record<string, string>) => {
    try {
      loadWebEnv({ ...base, ...source });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it("default to no SMTP, links on localhost, verification optional", () => {
    expect(loadWebEnv({ ...base, PORT: "3100" })).toMatchObject({
      mail: { smtpUrl: null },
      publicUrl: "http://localhost:3100",
      emailVerification: "optional",
    });
  });

  it("take SMTP with a sender and the site's address", () => {
    expect(
      loadWebEnv({
        ...base,
        SMTP_URL: "smtps://user:pw@mail.example.com:465",
        MAIL_FROM: "Rogue AI <noreply@example.com>",
        PUBLIC_URL: "https://chat.example.com/",
        EMAIL_VERIFICATION: "required",
      }),
    ).toMatchObject({
      mail: { smtpUrl: "smtps://user:pw@mail.example.com:465", from: "Rogue AI <noreply@example.com>" },
      publicUrl: "https://chat.example.com",
      emailVerification: "required",
    });
  });

  it("refuse what would send broken or misdirected mail", () => {
    expect(problemsOf({ SMTP_URL: "http://mail.example.com" })[0]).toMatch(/^SMTP_URL: must be an smtp/);
    expect(problemsOf({ SMTP_URL: "smtp://mail.example.com" })).toEqual([
      expect.stringMatching(/^MAIL_FROM: required with SMTP_URL/),
    ]);
    expect(problemsOf({ MAIL_FROM: "not an address" })[0]).toMatch(/^MAIL_FROM: must be one address/);
    expect(problemsOf({ PUBLIC_URL: "https://chat.example.com/app" })[0]).toMatch(/^PUBLIC_URL: must be/);
    expect(problemsOf({ PUBLIC_URL: "javascript:alert(1)" })[0]).toMatch(/^PUBLIC_URL: must be/);
    expect(problemsOf({ EMAIL_VERIFICATION: "sometimes" })[0]).toMatch(
      /^EMAIL_VERIFICATION: must be required or optional/,
    );
    expect(
      problemsOf({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com", MAIL_FROM: "a@example.com" }),
    ).toEqual([expect.stringMatching(/^PUBLIC_URL: required in production with SMTP_URL/)]);
  });
});
