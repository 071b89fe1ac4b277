/**
 * The price table (docs/product.md §2). The server takes every amount from here; the browser only shows it.
 */
import type { Billing, Plan } from "#db/schema";
import { formatNumber } from "../i18n/format";
import { en } from "../i18n/resources";
import { currentLocale, localized, translate } from "../i18n/translate";

export const CURRENCY = "usd";
/** Where buyers write about an order (shown on the confirmation and the FAQ). */
export const SUPPORT_EMAIL = "support@rogue-ai.app";
export const PLANS: readonly Plan[] = ["starter", "professional"];
export const BILLINGS: readonly Billing[] = ["monthly", "annually"];

const PRICE_CENTS: Record<Plan, Record<Billing, number>> = {
  starter: { monthly: 0, annually: 0 },
  professional: { monthly: 2500, annually: 25000 },
};

// Read in the current language at each use (checkout.json's `plans`).
export const TIER_NAMES: Record<Plan, string> = localized("checkout", en.checkout.plans.tiers, undefined, [
  "plans",
  "tiers",
]);
export const BILLING_NAMES: Record<Billing, string> = localized(
  "checkout",
  en.checkout.plans.billing,
  undefined,
  ["plans", "billing"],
);
export const PERIOD_LABELS: Record<Billing, string> = localized(
  "checkout",
  en.checkout.plans.periods,
  undefined,
  ["plans", "periods"],
);

/** What a buyer sees Stripe charge for, e.g. "Rogue AI Professional (Annual)". */
export const productName = (tier: Plan, billing: Billing) =>
  translate("checkout:plans.stripeProduct", { tier: TIER_NAMES[tier], billing: BILLING_NAMES[billing] });

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
