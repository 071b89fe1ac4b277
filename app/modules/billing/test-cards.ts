/** The simulated provider's test cards, listed on /docs (kept apart from the provider so the page can import them). */
import { messages } from "../errors/catalogue";

/** Test numbers (Luhn-valid) that the simulated provider declines, and why; shown on /docs. */
export const SIMULATED_DECLINES = {
  "4000000000009995": messages.insufficientFunds,
  "4000000000000069": messages.cardExpired,
  "4000000000000002": messages.cardDeclined,
} as const satisfies Record<string, string>;

/** Numbers that pay, one per network the confirmation shows. */
export const SIMULATED_SUCCESS_CARDS = {
  Visa: "4242424242424242",
  Mastercard: "5555555555554444",
  Discover: "6011111111111117",
} as const;
