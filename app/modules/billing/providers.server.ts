/** The checkout's provider: Stripe when both STRIPE_* settings are present, otherwise the simulated one. */
import { webEnv } from "~/utils/env.server";
import type { PaymentProvider } from "./payment-provider";
import { createSimulatedProvider } from "./simulated-provider";
import { createStripeProvider } from "./stripe-provider.server";

let provider: PaymentProvider | undefined;

export function paymentProvider(): PaymentProvider {
  const stripe = webEnv().stripe;
  provider ??= stripe ? createStripeProvider(stripe) : createSimulatedProvider();
  return provider;
}
