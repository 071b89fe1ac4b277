/**
 * A vendor endpoint an admin entered cannot reach an internal address at connect time: by a name that
 * resolves to one (as a name re-pointed after it was saved would) or by a literal. The operator's own
 * endpoints, and any under ALLOW_PRIVATE_VENDOR_URLS, can.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockVendor, type MockVendor } from "#scripts/mock-vendor";
import { adapterFor } from "./index";
import { internalReach } from "./reach";
import { VendorError, type VendorChunk } from "./types";

let mock: MockVendor;
beforeAll(async () => {
  mock = await startMockVendor();
});
afterAll(() => mock.close());

async function call(endpointUrl: string, internalAllowed: boolean): Promise<VendorChunk[] | VendorError> {
  const chunks: VendorChunk[] = [];
  try {
    const request = {
      requestId: "reach-test",
      endpointUrl,
      apiKey: "the-vendor-key",
      model: "mock-model",
      messages: [{ role: "user" as const, content: "hello" }],
      temperature: 0.3,
      internalAllowed,
    };
    for await (const chunk of adapterFor("together")(request, new AbortController().signal))
      chunks.push(chunk);
    return chunks;
  } catch (error) {
    if (error instanceof VendorError) return error;
    throw error;
  }
}

describe("a vendor call's connection", () => {
  it("is refused, the key never sent, when the endpoint's name resolves to an internal address", async () => {
    const byName = mock.endpoint("together").replace("127.0.0.1", "localhost");
    const refused = await call(byName, false);
    expect(refused).toBeInstanceOf(VendorError);
    expect((refused as VendorError).failure).toEqual({ code: "network", detail: "EINTERNAL" });
    expect(mock.requests("together")).toEqual([]);
  });

  it("is refused for an internal address literal, IPv4-mapped IPv6 included", async () => {
    const port = new URL(mock.endpoint("together")).port;
    for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]"]) {
      const refused = await call(`http://${host}:${port}/together/v1/chat/completions`, false);
      expect((refused as VendorError).failure).toEqual({ code: "network", detail: "EINTERNAL" });
    }
    expect(mock.requests("together")).toEqual([]);
  });

  it("reaches an internal address where the endpoint may: the same name answers", async () => {
    const byName = mock.endpoint("together").replace("127.0.0.1", "localhost");
    const answered = await call(byName, true);
    expect(Array.isArray(answered)).toBe(true);
    expect((answered as VendorChunk[]).some((chunk) => chunk.type === "text")).toBe(true);
    expect(mock.requests("together")).toHaveLength(1);
  });
});

describe("which endpoints may be internal", () => {
  const env = {
    allowPrivateVendorUrls: false,
    vendorOverrides: {
      together: { url: "http://127.0.0.1:11434/v1/chat/completions" },
      novita: {},
      modelslab: {},
      openai: {},
    },
  };
  it("the operator's own VENDOR_<NAME>_URL, and any other only under ALLOW_PRIVATE_VENDOR_URLS", () => {
    expect(internalReach(env)("http://127.0.0.1:11434/v1/chat/completions")).toBe(true);
    expect(internalReach(env)("http://rebound.example.com/v1/chat/completions")).toBe(false);
    expect(internalReach({ ...env, allowPrivateVendorUrls: true })("http://rebound.example.com/v1")).toBe(
      true,
    );
  });
});
