/**
 * How the checkout takes money. Two kinds: a card provider charges card details posted to our own form
 * (`simulated`); a redirect provider sends the buyer to its hosted page and reports the payment by a signed
 * event (`stripe`). Card numbers and CVVs pass through `charge` and are never stored or logged.
 */
import type { Order } from "#db/schema";
import type { CardInput } from "./checkout-schemas";

export type ChargeResult =
  { ok: true; reference: string; brand: string; last4: string } | { ok: false; message: string };

export interface CardProvider {
  kind: "card";
  name: "simulated";
  charge(input: {
    orderId: string;
    amountCents: number;
    currency: string;
    card: CardInput;
  }): Promise<ChargeResult>;
}

/** A provider event that was signed by the provider; `orderId` is ours, sent along when the payment began. */
export interface PaymentEvent {
  id: string;
  type: string;
  orderId: string | null;
  reference: string | null;
  /** The provider says this event settles the order's payment (other events are recorded and ignored). */
  paid: boolean;
}

export interface RedirectProvider {
  kind: "redirect";
  name: "stripe";
  startCheckout(input: {
    order: Order;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string; reference: string }>;
  /** The event, when the signature is valid for this body; null otherwise. */
  verifyEvent(body: string, signature: string | null): PaymentEvent | null;
}

export type PaymentProvider = CardProvider | RedirectProvider;
