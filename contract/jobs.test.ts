import { describe, expect, it } from "vitest";
import { parseStreamFields, streamFields } from "./jobs";

describe("the job contract", () => {
  it("round-trips stream entries through Redis's flat field lists", () => {
    const entry = { type: "error" as const, code: "http" as const, status: 502, detail: "Bad gateway" };
    expect(parseStreamFields(streamFields(entry))).toEqual(entry);
    expect(parseStreamFields(streamFields({ type: "token", text: "" }))).toEqual({ type: "token", text: "" });
  });

  it("rejects an entry it does not know", () => {
    expect(() => parseStreamFields(["type", "surprise"])).toThrow();
  });
});
