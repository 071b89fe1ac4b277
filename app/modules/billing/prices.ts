/**
 * The price table (docs/product.md §2). The server takes every amount from here; the browser only shows it.
 */
import type { Billing, Plan } from "#db/schema";

export const CURRENCY = "usd";
/** Where buyers write about an order (shown on the confirmation and the FAQ). */
export const SUPPORT_EMAIL = "support@rogue-ai.app";
export const PLANS: readonly Plan[] = ["starter", "professional"];
export const BILLINGS: readonly Billing[] = ["monthly", "annually"];

const PRICE_CENTS: Record<Plan, Record<Billing, number>> = {
  starter: { monthly: 0, annually: 0 },
  professional: { monthly: 2500, annually: 25000 },
};

export const TIER_NAMES: Record<Plan, string> = { starter: "Starter", professional: "Professional" };
export const BILLING_NAMES: Record<Billing, string> = { monthly: "Monthly", annually: "Annual" };
export const PERIOD_LABELS: Record<Billing, string> = { monthly: "/month", annually: "/year" };

export const priceCents = (tier: Plan, billing: Billing) => PRICE_CENTS[tier][billing];

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/** When a plan bought now ends: a month or a year on. */
export function planEnd(billing: Billing, from: Date): Date {
  const end = new Date(from);
  if (billing === "annually") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export function isPlan(value: unknown): value is Plan {
  return PLANS.includes(value as Plan);
}

export function isBilling(value: unknown): value is Billing {
  return BILLINGS.includes(value as Billing);
}
