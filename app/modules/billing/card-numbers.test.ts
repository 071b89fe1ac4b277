import { describe, expect, it } from "vitest";
import { groupCardNumber } from "./card-numbers";

describe("card numbers on /docs", () => {
  it("are grouped as printed: 4-6-5 for American Express, fours for the others", () => {
    expect(groupCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(groupCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
  });
});
