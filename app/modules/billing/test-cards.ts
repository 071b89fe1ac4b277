/** The simulated provider's test cards, listed on /docs (kept apart from the provider so the page can import them). */
import { messages } from "../texts/catalogue";

/**
 * Test numbers (Luhn-valid) that the simulated provider declines, and why; shown on /docs. Getters, so each
 * reason is read in the language of the moment it is shown, not the one of the first import.
 */
export const SIMULATED_DECLINES = {
  get "4000000000009995"() {
    return messages.insufficientFunds;
  },
  get "4000000000000069"() {
    return messages.cardExpired;
  },
  get "4000000000000002"() {
    return messages.cardDeclined;
  },
} as const satisfies Record<string, string>;

/** Numbers that pay, one per network the confirmation shows. */
export const SIMULATED_SUCCESS_CARDS = {
  Visa: "4242424242424242",
  Mastercard: "5555555555554444",
  Discover: "6011111111111117",
  "American Express": "378282246310005",
} as const;
