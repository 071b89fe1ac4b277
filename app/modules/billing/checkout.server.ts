/**
 * What each checkout step shows, decided on the server from the URL and the order row, so the page is the
 * same with or without JavaScript: Details → Payment → Confirmation (docs/product.md §2).
 */
import { data } from "@remix-run/node";
import type { Billing, Order, Plan } from "#db/schema";
import type { SessionUser } from "../auth/session.server";
import { messages } from "../texts/catalogue";
import { planChoiceSchema } from "./checkout-schemas";
import { CheckoutError, requireOrder } from "./orders.server";

export type CheckoutStep = "details" | "payment" | "confirmation" | "processing";

export interface CheckoutView {
  step: CheckoutStep;
  tier: Plan;
  billing: Billing;
  /** Present from the Payment step on. */
  order: Pick<
    Order,
    | "id"
    | "status"
    | "amount_cents"
    | "currency"
    | "card_brand"
    | "card_last4"
    | "failure"
    | "name"
    | "email"
    | "address"
    | "city"
    | "zip_code"
    | "country"
    | "paid_at"
  > | null;
  /** What the Details form starts with. */
  details: { name: string; email: string; address: string; city: string; zipCode: string; country: string };
  isDemo: boolean;
  planExpiresAt: string | null;
  /** Professional without an end date (an operator's grant): there is no Professional to sell. */
  planWithoutEnd: boolean;
}

/** A bad tier or billing in the URL or a form is a tampered request: 400 with the catalogue's words. */
export function parsePlanChoice(input: { tier?: unknown; billing?: unknown }): {
  tier: Plan;
  billing: Billing;
} {
  const parsed = planChoiceSchema().safeParse({
    tier: input.tier ?? undefined,
    billing: input.billing ?? undefined,
  });
  if (!parsed.success) throw data({ message: messages.unknownPlan }, { status: 400 });
  return parsed.data as { tier: Plan; billing: Billing };
}

export function checkoutErrorResponse(error: unknown): never {
  if (error instanceof CheckoutError) throw data({ message: error.message }, { status: error.status });
  throw error;
}

export async function loadCheckout(db: Parameters<typeof requireOrder>[0], session: SessionUser, url: URL) {
  const { user } = session;
  const params = url.searchParams;
  const orderId = params.get("order");
  const base = {
    isDemo: user.is_demo === 1,
    planExpiresAt: user.plan === "professional" ? user.plan_expires_at : null,
    planWithoutEnd: user.plan === "professional" && user.plan_expires_at === null,
  };
  if (!orderId) {
    const choice = parsePlanChoice({ tier: params.get("tier"), billing: params.get("billing") });
    return {
      ...base,
      step: "details",
      ...choice,
      order: null,
      details: {
        name: user.name,
        email: user.is_demo ? "" : user.email,
        address: "",
        city: "",
        zipCode: "",
        country: "",
      },
    } satisfies CheckoutView;
  }
  const order = await requireOrder(db, user, orderId).catch(checkoutErrorResponse);
  const editing = params.get("step") === "details" && (order.status === "draft" || order.status === "failed");
  const step: CheckoutStep =
    order.status === "paid"
      ? "confirmation"
      : editing
        ? "details"
        : order.status === "pending" && order.provider === "stripe" && params.get("stripe") === "success"
          ? "processing"
          : "payment";
  return {
    ...base,
    step,
    tier: order.tier,
    billing: order.billing,
    // Only what the page shows: no user id or provider reference goes to the browser.
    order: {
      id: order.id,
      status: order.status,
      amount_cents: order.amount_cents,
      currency: order.currency,
      card_brand: order.card_brand,
      card_last4: order.card_last4,
      failure: order.failure,
      name: order.name,
      email: order.email,
      address: order.address,
      city: order.city,
      zip_code: order.zip_code,
      country: order.country,
      paid_at: order.paid_at,
    },
    details: {
      name: order.name,
      email: order.email,
      address: order.address,
      city: order.city,
      zipCode: order.zip_code,
      country: order.country,
    },
  } satisfies CheckoutView;
}
