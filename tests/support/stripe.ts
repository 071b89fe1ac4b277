/** Stripe webhook bodies for tests, signed with the SDK's own test-header helper. */
import Stripe from "stripe";

const signer = new Stripe("sk_test_signer");

export const signWebhook = (payload: string, secret: string) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

/** The event Stripe sends when a Checkout Session for `orderId` completes. */
export const completedEvent = (id: string, sessionId: string, orderId: string, paymentStatus = "paid") =>
  JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: orderId,
        metadata: { order_id: orderId },
        payment_status: paymentStatus,
      },
    },
  });
