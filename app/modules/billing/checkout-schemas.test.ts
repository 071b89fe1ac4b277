import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { paymentSchema } from "./checkout-schemas";

const INVALID = "Please enter a valid 16-digit card number";

/** The card-number errors of a payment form with this number (and a good expiry and CVV). */
function cardNumberErrors(cardNumber: string) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ cardNumber, expiry: "12/39", cvv: "1234" }))
    data.append(key, value);
  const submission = parseWithZod(data, { schema: paymentSchema() });
  return submission.status === "error" ? submission.error?.cardNumber : undefined;
}

describe("the payment form's card number", () => {
  it("takes 16 digits, as typed with spaces or dashes", () => {
    expect(cardNumberErrors("4242 4242 4242 4242")).toBeUndefined();
    expect(cardNumberErrors("5555-5555-5555-4444")).toBeUndefined();
  });

  it("takes an American Express number's 15 digits (it starts with 34 or 37)", () => {
    expect(cardNumberErrors("378282246310005")).toBeUndefined();
    expect(cardNumberErrors("3782 822463 10005")).toBeUndefined();
    expect(cardNumberErrors("3714 496353 98431")).toBeUndefined();
  });

  it("refuses 15 digits that are not American Express with the spec's message", () => {
    expect(cardNumberErrors("424242424242424")).toEqual([INVALID]);
    expect(cardNumberErrors("358282246310005")).toEqual([INVALID]);
  });

  it("refuses 16 digits starting 34 or 37, no American Express number being that long", () => {
    expect(cardNumberErrors("3782822463100050")).toEqual([INVALID]);
    expect(cardNumberErrors("3400 0000 0000 0009")).toEqual([INVALID]);
  });

  it("refuses other lengths and non-digits with the spec's message", () => {
    for (const number of ["4242 4242 4242", "42424242424242424", "37828224631000", "4242x42424242424"])
      expect(cardNumberErrors(number)).toEqual([INVALID]);
  });

  it("gives the card input no pattern or length that would refuse 15 digits or spaces", () => {
    const constraint = getZodConstraint(paymentSchema()).cardNumber;
    expect(constraint).not.toHaveProperty("pattern");
    expect(constraint).not.toHaveProperty("maxLength");
  });
});
