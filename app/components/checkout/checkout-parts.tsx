import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Billing, Plan } from "#db/schema";
import { BILLING_NAMES, formatPrice, PERIOD_LABELS, priceCents, TIER_NAMES } from "~/modules/billing/prices";

type Step = "details" | "payment" | "confirmation" | "processing";

const STEPS = ["details", "payment", "confirmation"] as const;

export function CheckoutSteps({ step, skipsPayment }: { step: Step; skipsPayment: boolean }) {
  const { t } = useTranslation("checkout");
  const current = step === "processing" ? "payment" : step;
  const shown = skipsPayment ? STEPS.filter((id) => id !== "payment") : STEPS;
  return (
    <ol aria-label={t("steps.label")} className="mt-4 flex flex-wrap gap-2 text-sm">
      {shown.map((id, index) => (
        <li
          key={id}
          aria-current={id === current ? "step" : undefined}
          className={`rounded-full px-3 py-1 ${id === current ? "bg-brand text-white" : "border border-zinc-700 text-zinc-300"}`}
        >
          {t("steps.item", { number: index + 1, label: t(`steps.${id}`) })}
        </li>
      ))}
    </ol>
  );
}

/**
 * One line of an order's summary: what, and its value, on one baseline, so a value set smaller (the order id)
 * still reads as the same line as its label.
 */
export function SummaryRow({
  label,
  testId,
  valueClassName,
  children,
}: {
  label: string;
  testId?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <dt className="text-zinc-400">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function OrderSummary({
  tier,
  billing,
  className,
}: {
  tier: Plan;
  billing: Billing;
  className: string;
}) {
  const { t, i18n } = useTranslation("checkout");
  const cents = priceCents(tier, billing);
  return (
    <aside
      aria-label={t("summary.label")}
      className={`h-fit rounded-lg border border-zinc-800 p-4 text-sm ${className}`}
    >
      <h2 className="font-semibold">{t("summary.label")}</h2>
      <dl className="mt-3 space-y-2">
        <SummaryRow label={t("summary.plan")}>{TIER_NAMES[tier]}</SummaryRow>
        {cents > 0 ? <SummaryRow label={t("summary.billing")}>{BILLING_NAMES[billing]}</SummaryRow> : null}
        <div className="flex justify-between gap-2 border-t border-zinc-800 pt-2 font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="summary-total">
            {formatPrice(cents, i18n.language)}
            {cents > 0 ? PERIOD_LABELS[billing] : null}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-zinc-400">{t("summary.guarantee")}</p>
    </aside>
  );
}

/** Network names are brands, the same in every language. */
const NETWORKS = ["Visa", "Mastercard", "American Express", "Discover"];

export function CardNetworks({ className = "mt-4" }: { className?: string }) {
  const { t } = useTranslation("checkout");
  return (
    <div className={className}>
      <p className="text-xs text-zinc-400">{t("cards.weAccept")}</p>
      <ul aria-label={t("cards.label")} className="mt-1 flex flex-wrap gap-2">
        {NETWORKS.map((name) => (
          <li
            key={name}
            className="rounded border border-zinc-700 px-2 py-1 text-xs font-semibold text-zinc-200"
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
