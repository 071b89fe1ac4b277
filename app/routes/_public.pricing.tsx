/**
 * `/pricing`: Starter and Professional (docs/product.md §2). The monthly / annual switch is a pair of links,
 * so it works without JavaScript; a signed-in visitor arriving with `?selected=` goes straight to checkout.
 */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Billing } from "#db/schema";
import { ComparisonTable } from "~/components/site/comparison-table";
import { Testimonial } from "~/components/site/testimonial";
import { PROFESSIONAL_FEATURES, STARTER_FEATURES, TESTIMONIALS } from "~/components/site/site-content";
import { getSessionUser } from "~/modules/auth/session.server";
import { messages } from "~/modules/errors/catalogue";
import { formatPrice, isBilling, isPlan, PERIOD_LABELS, priceCents } from "~/modules/billing/prices";

export const meta: MetaFunction = () => [
  { title: "Pricing — Rogue AI" },
  { name: "description", content: "Starter is free. Professional is $25 a month or $250 a year." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const billingParam = url.searchParams.get("billing");
  const billing: Billing = isBilling(billingParam) ? billingParam : "monthly";
  const selected = url.searchParams.get("selected");
  const signedIn = Boolean(await getSessionUser(request));
  if (signedIn && isPlan(selected)) {
    throw redirect(selected === "professional" ? `/checkout?tier=professional&billing=${billing}` : "/chat");
  }
  return { billing, signedIn };
}

/** Where each Professional button goes (docs/product.md §1: checkout when signed in, else sign-in/up back to here). */
function professionalTargets(signedIn: boolean, billing: Billing) {
  if (signedIn) return { primary: `/checkout?tier=professional&billing=${billing}`, signin: null };
  const back = `/pricing?selected=professional&billing=${billing}`;
  return {
    primary: `/signup?${new URLSearchParams({ redirectTo: back })}`,
    signin: `/signin?${new URLSearchParams({ redirectTo: back })}`,
  };
}

const FAQ = [
  {
    q: "Which payment methods do you accept?",
    a: "All major cards: Visa, Mastercard, American Express and Discover. PayPal is not available yet.",
  },
  {
    q: "Can I cancel at any time?",
    a: "Yes. Cancel in Settings → Account; you keep Professional until the end of the period you paid for, and it does not renew.",
  },
  {
    q: "Is there a refund policy?",
    a: "Yes: a 14-day money-back guarantee. Write to support@rogue-ai.app with your order.",
  },
  {
    q: "What happens when Professional ends?",
    a: "Your account returns to Starter: 3 messages a day, 2 models and the last 24 hours of history. Nothing is deleted.",
  },
  {
    q: "Do I need an account to try it?",
    a: "No. 'Try Demo' starts a private, temporary account of your own; sign up later and your demo chats carry over.",
  },
];

export default function PricingPage() {
  const { billing, signedIn } = useLoaderData<typeof loader>();
  const pro = professionalTargets(signedIn, billing);
  const proCents = priceCents("professional", billing);
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <header className="text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Simple, honest pricing</h1>
        <p className="mx-auto mt-4 max-w-2xl text-zinc-400">
          Start free. Upgrade when you need every model and no limits. 14-day money-back guarantee.
        </p>
        <nav aria-label="Billing period" className="mt-8 inline-flex rounded-lg border border-zinc-700 p-1">
          {(["monthly", "annually"] as const).map((period) => (
            <Link
              key={period}
              to={`/pricing?billing=${period}`}
              preventScrollReset
              aria-current={billing === period ? "page" : undefined}
              className={`rounded-md px-4 py-2 text-sm ${billing === period ? "bg-brand text-white" : "text-zinc-300 hover:text-white"}`}
            >
              {period === "monthly" ? "Monthly" : "Annual (save $50)"}
            </Link>
          ))}
        </nav>
      </header>

      <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        <PricingCard
          tier="Starter"
          price="$0"
          features={STARTER_FEATURES}
          cta={signedIn ? "Start For Free" : "Create Free Account"}
          href={signedIn ? "/chat" : `/signup?${new URLSearchParams({ redirectTo: "/chat" })}`}
        />
        <PricingCard
          tier="Professional"
          price={formatPrice(proCents)}
          period={PERIOD_LABELS[billing]}
          features={PROFESSIONAL_FEATURES}
          cta={signedIn ? messages.upgradeLink : "Sign Up for Professional"}
          href={pro.primary}
          signinHref={pro.signin}
          popular
        />
      </div>

      <PricingSection id="compare" title="Compare plans" className="mt-20">
        <div className="mt-6 overflow-x-auto rounded-lg border border-zinc-800">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead className="bg-zinc-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Feature
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Starter
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Professional
                </th>
              </tr>
            </thead>
            <tbody>
              {[
                ["Messages", "3 per day", "Unlimited"],
                ["Models", "2", "All"],
                ["Chat history", "24 hours", "Unlimited"],
                ["Priority support", "No", "Yes"],
                ["API access", "No", "Yes"],
                ["Custom AI training", "No", "Coming soon"],
              ].map(([feature, starter, professional]) => (
                <tr key={feature} className="border-t border-zinc-800">
                  <th scope="row" className="px-4 py-3 font-normal text-zinc-300">
                    {feature}
                  </th>
                  <td className="px-4 py-3">{starter}</td>
                  <td className="px-4 py-3">{professional}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PricingSection>

      <PricingSection id="vs" title="How Rogue AI compares">
        <div className="mt-6">
          <ComparisonTable caption="Rogue AI compared with other AI products" />
        </div>
      </PricingSection>

      <PricingSection id="faq" title="Frequently asked questions">
        <div className="mt-6 space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} className="rounded-lg border border-zinc-800 p-4">
              <summary className="cursor-pointer font-medium">{item.q}</summary>
              <p className="mt-2 text-zinc-400">{item.a}</p>
            </details>
          ))}
        </div>
      </PricingSection>

      <PricingSection id="voices" title="What our users say">
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {TESTIMONIALS.slice(0, 3).map((t) => (
            <li key={t.name} className="rounded-lg border border-zinc-800 p-5">
              <Testimonial testimonial={t} />
            </li>
          ))}
        </ul>
      </PricingSection>

      <section className="mt-16 rounded-2xl border border-brand/50 bg-brand/10 p-8 text-center">
        <h2 className="text-2xl font-bold">Ready for every model, without limits?</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={pro.primary} className="btn-primary px-6 py-3 text-base">
            Get Professional Now
          </Link>
          {pro.signin ? (
            <Link to={pro.signin} className="btn-secondary px-6 py-3 text-base">
              Sign in to upgrade
            </Link>
          ) : null}
        </div>
      </section>
    </main>
  );
}

function PricingCard({
  tier,
  price,
  period,
  features,
  cta,
  href,
  signinHref,
  popular = false,
}: {
  tier: string;
  price: string;
  period?: string;
  features: readonly string[];
  cta: string;
  href: string;
  signinHref?: string | null;
  popular?: boolean;
}) {
  return (
    <section
      aria-labelledby={`tier-${tier}`}
      className={`relative flex flex-col rounded-2xl border p-6 ${popular ? "border-brand bg-brand/5" : "border-zinc-800"}`}
    >
      {popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand px-3 py-0.5 text-xs font-bold text-white">
          MOST POPULAR
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <h2 id={`tier-${tier}`} className="text-xl font-semibold">
          {tier}
        </h2>
        {popular ? (
          <span className="rounded-full border border-brand-light px-2 py-0.5 text-xs font-semibold text-brand-light">
            RECOMMENDED
          </span>
        ) : null}
      </div>
      <p className="mt-4">
        <span className="text-4xl font-extrabold" data-testid={`price-${tier}`}>
          {price}
        </span>
        {period ? <span className="text-zinc-400">{period}</span> : null}
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-zinc-300">
        {features.map((feature) => (
          <li key={feature}>✓ {feature}</li>
        ))}
      </ul>
      <Link to={href} className={`${popular ? "btn-primary" : "btn-secondary"} mt-6 w-full`}>
        {cta}
      </Link>
      {signinHref ? (
        <Link to={signinHref} className="mt-2 text-center text-sm text-brand-light hover:underline">
          Already have an account? Sign in
        </Link>
      ) : null}
    </section>
  );
}

/** One titled part of the page below the plans. */
function PricingSection({
  id,
  title,
  className = "mt-16",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
