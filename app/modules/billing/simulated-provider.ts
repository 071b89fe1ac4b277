/**
 * The default provider: no set-up, no money moves. It behaves like a card network for the numbers listed on
 * /docs, so every path of the checkout can be tried by hand and in tests.
 */
import { randomUUID } from "node:crypto";
import { messages } from "../texts/catalogue";
import { isAmexNumber } from "./card-numbers";
import type { CardInput } from "./checkout-schemas";
import type { CardProvider, ChargeResult } from "./payment-provider";
import { SIMULATED_DECLINES } from "./test-cards";

export { SIMULATED_DECLINES, SIMULATED_SUCCESS_CARDS } from "./test-cards";

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith("4")) return "Visa";
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "Mastercard";
  if (number.startsWith("6011") || number.startsWith("65")) return "Discover";
  if (isAmexNumber(number)) return "American Express";
  return "Card";
}

/** A card is good through the last day of its expiry month. */
export function expired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split("/").map(Number);
  const firstOfNextMonth = Date.UTC(2000 + year!, month!, 1);
  return firstOfNextMonth <= now.getTime();
}

export function simulatedCharge(card: CardInput, now: Date): ChargeResult {
  if (!luhnValid(card.cardNumber)) return { ok: false, message: messages.cardNumberRejected };
  const decline = SIMULATED_DECLINES[card.cardNumber as keyof typeof SIMULATED_DECLINES];
  if (decline) return { ok: false, message: decline };
  if (expired(card.expiry, now)) return { ok: false, message: messages.cardExpired };
  return {
    ok: true,
    reference: `sim_${randomUUID()}`,
    brand: cardBrand(card.cardNumber),
    last4: card.cardNumber.slice(-4),
  };
}

export function createSimulatedProvider(clock: () => Date = () => new Date()): CardProvider {
  return {
    kind: "card",
    name: "simulated",
    charge: async ({ card }) => simulatedCharge(card, clock()),
  };
}
