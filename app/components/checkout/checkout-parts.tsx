import type { Billing, Plan } from "#db/schema";
import { BILLING_NAMES, formatPrice, PERIOD_LABELS, priceCents, TIER_NAMES } from "~/modules/billing/prices";

type Step = "details" | "payment" | "confirmation" | "processing";

const STEPS: { id: Step; label: string }[] = [
  { id: "details", label: "Details" },
  { id: "payment", label: "Payment" },
  { id: "confirmation", label: "Confirmation" },
];

export function CheckoutSteps({ step, skipsPayment }: { step: Step; skipsPayment: boolean }) {
  const current = step === "processing" ? "payment" : step;
  const shown = skipsPayment ? STEPS.filter((s) => s.id !== "payment") : STEPS;
  return (
    <ol aria-label="Checkout steps" className="mt-4 flex flex-wrap gap-2 text-sm">
      {shown.map((s, index) => (
        <li
          key={s.id}
          aria-current={s.id === current ? "step" : undefined}
          className={`rounded-full px-3 py-1 ${s.id === current ? "bg-brand text-white" : "border border-zinc-700 text-zinc-300"}`}
        >
          {index + 1}. {s.label}
        </li>
      ))}
    </ol>
  );
}

export function OrderSummary({ tier, billing }: { tier: Plan; billing: Billing }) {
  const cents = priceCents(tier, billing);
  return (
    <aside aria-label="Order summary" className="h-fit rounded-lg border border-zinc-800 p-4 text-sm">
      <h2 className="font-semibold">Order summary</h2>
      <dl className="mt-3 space-y-2">
        <div className="flex justify-between gap-2">
          <dt className="text-zinc-400">Plan</dt>
          <dd>{TIER_NAMES[tier]}</dd>
        </div>
        {cents > 0 ? (
          <div className="flex justify-between gap-2">
            <dt className="text-zinc-400">Billing</dt>
            <dd>{BILLING_NAMES[billing]}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2 border-t border-zinc-800 pt-2 font-semibold">
          <dt>Total</dt>
          <dd data-testid="summary-total">
            {formatPrice(cents)}
            {cents > 0 ? PERIOD_LABELS[billing] : ""}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-zinc-400">14-day money-back guarantee.</p>
    </aside>
  );
}

const NETWORKS = ["Visa", "Mastercard", "American Express", "Discover"];

export function CardNetworks() {
  return (
    <div className="mt-4">
      <p className="text-xs text-zinc-400">We accept</p>
      <ul aria-label="Accepted cards" className="mt-1 flex flex-wrap gap-2">
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
