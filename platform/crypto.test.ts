import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./crypto";

const SECRET = "a".repeat(64);

describe("key column encryption", () => {
  it("round-trips and never stores the plaintext", () => {
    const stored = encryptSecret("sk-test-ABCDEF123456", SECRET);
    expect(stored).not.toContain("sk-test");
    expect(decryptSecret(stored, SECRET)).toBe("sk-test-ABCDEF123456");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same", SECRET)).not.toBe(encryptSecret("same", SECRET));
  });

  it("refuses a value changed at rest or read with another secret", () => {
    const stored = encryptSecret("sk-test", SECRET);
    const [version, iv, tag, data] = stored.split(":");
    const flipped = Buffer.from(data!, "base64");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret([version, iv, tag, flipped.toString("base64")].join(":"), SECRET)).toThrow();
    expect(() => decryptSecret(stored, "b".repeat(64))).toThrow();
    expect(() => decryptSecret("garbage", SECRET)).toThrow();
  });
});
