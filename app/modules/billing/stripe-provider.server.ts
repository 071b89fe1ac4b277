/**
 * Stripe through its official SDK: the Payment step creates a Checkout Session and redirects to it; the plan
 * changes only when a signed webhook says the session is paid: `checkout.session.completed` with payment_status
 * `paid`, or — for a delayed payment method, whose completion is still `unpaid` — the later
 * `checkout.session.async_payment_succeeded`. `host`/`port`/`protocol` point
 * the SDK elsewhere (tests use a local fake of the one call it makes).
 */
import Stripe from "stripe";
import { productName } from "./prices";
import type { PaymentEvent, RedirectProvider } from "./payment-provider";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

export function createStripeProvider(options: StripeOptions): RedirectProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
  return {
    kind: "redirect",
    name: "stripe",
    async startCheckout({ order, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: order.id,
          metadata: { order_id: order.id },
          customer_email: order.email,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency,
                unit_amount: order.amount_cents,
                product_data: {
                  name: productName(order.tier, order.billing),
                },
              },
            },
          ],
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        // One session per payment attempt of this order, even if the request is retried.
        { idempotencyKey: `checkout-${order.id}-${order.updated_at ?? order.created_at}` },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { url: session.url, reference: session.id };
    },
    verifyEvent(body, signature): PaymentEvent | null {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, signature, options.webhookSecret);
      } catch {
        return null;
      }
      if (
        event.type !== "checkout.session.completed" &&
        event.type !== "checkout.session.async_payment_succeeded"
      ) {
        return { id: event.id, type: event.type, orderId: null, reference: null, paid: false };
      }
      const session = event.data.object;
      return {
        id: event.id,
        type: event.type,
        orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
        reference: session.id,
        paid: session.payment_status === "paid",
      };
    },
  };
}
