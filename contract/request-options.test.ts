import { describe, expect, it } from "vitest";
import { parseRequestOptions, untakenOptions } from "./request-options";

describe("request options", () => {
  const everything = {
    stop: ["\n"],
    seed: 1,
    top_p: 0.9,
    presence_penalty: 1,
    frequency_penalty: -1,
    response_format: { type: "json_object" as const },
    user: "u",
  };

  it("names, per vendor, the options set that its wire format cannot take", () => {
    expect(untakenOptions("openai", everything)).toEqual([]);
    expect(untakenOptions("together", everything)).toEqual(["user"]);
    expect(untakenOptions("novita", everything)).toEqual(["user"]);
    expect(untakenOptions("modelslab", everything)).toEqual(["stop", "seed", "response_format", "user"]);
    expect(untakenOptions("modelslab", { top_p: 0.5 })).toEqual([]);
    expect(untakenOptions("someone-else", { top_p: 0.5 })).toEqual(["top_p"]);
  });

  it("reads a completion's stored options, none for a chat's, and refuses a corrupted row", () => {
    expect(parseRequestOptions(null)).toEqual({});
    expect(parseRequestOptions(JSON.stringify(everything))).toEqual(everything);
    expect(() => parseRequestOptions('{"top_p": 7}')).toThrow();
    expect(() => parseRequestOptions('{"logprobs": true}')).toThrow();
  });
});
