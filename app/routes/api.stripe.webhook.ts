/**
 * Stripe's webhook: the only way a Stripe payment changes a plan. The signature is checked against the raw
 * body; each event is applied once. Server-to-server, so no browser origin check.
 * It answers with Responses: with single fetch, a resource route's `data(…, { status })` is sent as 200, and a
 * 200 to a forged or unsigned event would tell Stripe it was delivered (a wrong secret would then leave paid
 * orders pending for good instead of being retried).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { applyPaymentEvent } from "~/modules/billing/orders.server";
import { paymentProvider } from "~/modules/billing/providers.server";
import { messages } from "~/modules/texts/catalogue";
import { db } from "~/modules/server-context.server";
import { notFound } from "~/utils/http.server";
import { webLogger } from "~/utils/logger.server";

export const loader = () => notFound();

export async function action({ request }: ActionFunctionArgs) {
  const provider = paymentProvider();
  if (provider.kind !== "redirect") return notFound();
  const event = provider.verifyEvent(await request.text(), request.headers.get("Stripe-Signature"));
  if (!event) return Response.json({ error: messages.webhookSignature }, { status: 400 });
  const result = await applyPaymentEvent(db(), provider.name, event);
  webLogger().info({ eventId: event.id, type: event.type, result }, "payment event");
  return Response.json({ received: true, result });
}
