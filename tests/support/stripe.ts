/** Stripe webhook bodies for tests, signed with the SDK's own test-header helper. */
import Stripe from "stripe";

const signer = new Stripe("sk_test_signer");

export const signWebhook = (payload: string, secret: string) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

/** The event Stripe sends when a Checkout Session for `orderId` completes. */
export const completedEvent = (id: string, sessionId: string, orderId: string, paymentStatus = "paid") =>
  sessionEvent("checkout.session.completed", id, sessionId, orderId, paymentStatus);

/**
 * The event Stripe sends when a delayed payment method (a bank debit) settles, after a `completed` event whose
 * session was still `unpaid`.
 */
export const asyncPaidEvent = (id: string, sessionId: string, orderId: string) =>
  sessionEvent("checkout.session.async_payment_succeeded", id, sessionId, orderId, "paid");

const sessionEvent = (type: string, id: string, sessionId: string, orderId: string, paymentStatus: string) =>
  JSON.stringify({
    id,
    object: "event",
    type,
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
