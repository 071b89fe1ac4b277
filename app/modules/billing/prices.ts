/**
 * The price table (docs/product.md §2). The server takes every amount from here; the browser only shows it.
 */
import type { Billing, Plan } from "#db/schema";
import { formatNumber } from "~/modules/i18n/format";
import { currentLocale } from "~/modules/i18n/translate";

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

/** An amount in the page's language ("$25", "25 $", "US$25"), with cents only when there are some. */
export function formatPrice(cents: number, locale: string = currentLocale()): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return formatNumber(cents / 100, locale, {
    style: "currency",
    currency: CURRENCY,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
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
