/**
 * `/pricing`: Starter and Professional (docs/product.md §2). The monthly / annual switch is a pair of links,
 * so it works without JavaScript; a signed-in visitor arriving with `?selected=` goes straight to checkout.
 * What each button offers depends on who is looking (`pricingOffer`).
 */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Billing, Plan } from "#db/schema";
import { readPlanLimits } from "#db/system-settings";
import { ComparisonSection, FeatureTable } from "~/components/site/comparison-table";
import { ClosingCall, CtaLinks, PageTitle, TitledSection } from "~/components/site/sections";
import { SiteFooter } from "~/components/site/site-footer";
import { Testimonial, useTestimonials } from "~/components/site/testimonial";
import { getSessionUser } from "~/routes-support/auth.server";
import { starterLimitTexts } from "~/modules/billing/plan";
import { pricingOffer, pricingViewer, type PricingOffer } from "~/modules/billing/pricing-offer";
import { db } from "~/modules/server-context.server";
import { messages } from "~/modules/texts/catalogue";
import { useFormat } from "~/modules/i18n/format";
import {
  BILLINGS,
  formatPrice,
  isBilling,
  isPlan,
  priceCents,
  SUPPORT_EMAIL,
  TIER_NAMES,
} from "~/modules/billing/prices";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction = () => [
  { title: translate("site:pricing.meta.title") },
  {
    name: "description",
    content: translate("site:pricing.meta.description", {
      monthly: formatPrice(priceCents("professional", "monthly")),
      annual: formatPrice(priceCents("professional", "annually")),
    }),
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const billingParam = url.searchParams.get("billing");
  const billing: Billing = isBilling(billingParam) ? billingParam : "monthly";
  const selected = url.searchParams.get("selected");
  const session = await getSessionUser(request);
  // Any signed-in account: a Professional one too, since buying again extends its plan from the end date
  // (docs/product.md §2), and a demo one, which the checkout tells to sign up first.
  if (session && isPlan(selected)) {
    throw redirect(selected === "professional" ? `/checkout?tier=professional&billing=${billing}` : "/chat");
  }
  const user = session?.user ?? null;
  const planEndsAt = user?.plan === "professional" ? user.plan_expires_at : null;
  return {
    billing,
    offer: pricingOffer(pricingViewer(user), billing, planEndsAt),
    limits: await readPlanLimits(db()),
  };
}

/** What a year saves against twelve months. */
const annualSaving = () =>
  12 * priceCents("professional", "monthly") - priceCents("professional", "annually");

export default function PricingPage() {
  const { billing, offer, limits } = useLoaderData<typeof loader>();
  const { t } = useTranslation("site");
  const starterLimits = starterLimitTexts(limits);
  const testimonials = useTestimonials();
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-16">
        <header className="text-center">
          <PageTitle>{t("pricing.title")}</PageTitle>
          <p className="mx-auto mt-4 max-w-2xl text-zinc-400">{t("pricing.lead")}</p>
          <nav
            aria-label={t("pricing.billingLabel")}
            className="mt-8 inline-flex flex-wrap justify-center rounded-lg border border-zinc-700 p-1"
          >
            {BILLINGS.map((period) => (
              <Link
                key={period}
                to={`/pricing?billing=${period}`}
                preventScrollReset
                aria-current={billing === period ? "page" : undefined}
                className={`rounded-md px-4 py-2 text-sm ${billing === period ? "bg-brand text-white" : "text-zinc-300 hover:text-white"}`}
              >
                {period === "monthly"
                  ? t("pricing.monthly")
                  : t("pricing.annually", { saving: formatPrice(annualSaving()) })}
              </Link>
            ))}
          </nav>
        </header>

        <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          <PricingCard
            plan="starter"
            price={formatPrice(priceCents("starter", billing))}
            features={Object.values(
              t("pricing.plans.starter.features", { returnObjects: true, ...starterLimits }),
            )}
            current={offer.current === "starter"}
          >
            <StarterAction offer={offer} />
          </PricingCard>
          <PricingCard
            plan="professional"
            price={formatPrice(priceCents("professional", billing))}
            period={t(`pricing.period.${billing}`)}
            features={Object.values(t("pricing.plans.professional.features", { returnObjects: true }))}
            current={offer.current === "professional"}
            popular
          >
            <ProfessionalAction offer={offer} />
          </PricingCard>
        </div>

        <TitledSection id="compare" title={t("pricing.compare.title")} className="mt-20">
          <FeatureTable
            caption={t("pricing.compare.title")}
            className="mt-6"
            columns={[
              t("comparison.feature"),
              t("pricing.plans.starter.name"),
              t("pricing.plans.professional.name"),
            ]}
            rows={Object.values(t("pricing.compare.rows", { returnObjects: true, ...starterLimits })).map(
              ({ feature, starter, professional }) => ({
                label: feature,
                cells: [
                  { key: "starter", text: starter },
                  { key: "professional", text: professional },
                ],
              }),
            )}
          />
        </TitledSection>

        <ComparisonSection id="vs" title={t("pricing.vsTitle")} />

        <TitledSection id="faq" title={t("pricing.faq.title")}>
          <div className="mt-6 space-y-3">
            {Object.values(
              t("pricing.faq.items", { returnObjects: true, email: SUPPORT_EMAIL, ...starterLimits }),
            ).map((item) => (
              <details key={item.q} className="rounded-lg border border-zinc-800 p-4">
                <summary className="cursor-pointer font-medium">{item.q}</summary>
                <p className="mt-2 text-zinc-400">{item.a}</p>
              </details>
            ))}
          </div>
        </TitledSection>

        <TitledSection id="voices" title={t("pricing.voicesTitle")}>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {testimonials.slice(0, 3).map((testimonial) => (
              <li key={testimonial.name} className="rounded-lg border border-zinc-800 p-5">
                <Testimonial testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </TitledSection>

        <ClosingCall
          title={offer.closing === "chat" ? t("pricing.final.professionalTitle") : t("pricing.final.title")}
        >
          <CtaLinks
            className="mt-6"
            links={
              offer.closing === "buy" && offer.professional.href
                ? [
                    { to: offer.professional.href, label: t("pricing.final.cta") },
                    ...(offer.professional.signin
                      ? [{ to: offer.professional.signin, label: t("pricing.final.signin") }]
                      : []),
                  ]
                : [{ to: "/chat", label: t("pricing.final.chat") }]
            }
          />
        </ClosingCall>
      </main>
      <SiteFooter />
    </>
  );
}

/** Starter's button: the spec's 'Create Free Account' / 'Start For Free'; a Professional account has it all. */
function StarterAction({ offer }: { offer: PricingOffer }) {
  const { t } = useTranslation("site");
  const { href, label } = offer.starter;
  if (!href)
    return <p className="mt-6 text-center text-sm text-zinc-400">{t("pricing.plans.starter.included")}</p>;
  return (
    <Link to={href} className="btn-secondary mt-6 w-full">
      {label === "start" ? t("pricing.plans.starter.ctaSignedIn") : t("pricing.plans.starter.cta")}
    </Link>
  );
}

/**
 * Professional's button, and what a visitor, a demo account or a Professional account needs to know beside it:
 * the way to sign in, why a demo must sign up first, when the plan in hand ends.
 */
function ProfessionalAction({ offer }: { offer: PricingOffer }) {
  const { t } = useTranslation("site");
  const format = useFormat();
  const { billing } = useLoaderData<typeof loader>();
  const { href, signin, label, note } = offer.professional;
  const noteText =
    note?.kind === "demo"
      ? messages.demoCheckout
      : note?.kind === "planEnds"
        ? t("pricing.plans.professional.extendNote", {
            date: format.date(note.endsAt, { dateStyle: "medium" }),
          })
        : note?.kind === "noEnd"
          ? t("pricing.plans.professional.noEnd")
          : null;
  return (
    <>
      {noteText ? <p className="mt-6 text-sm text-zinc-400">{noteText}</p> : null}
      {href ? (
        <Link to={href} className={`btn-primary w-full ${noteText ? "mt-3" : "mt-6"}`}>
          {label === "extend"
            ? t(`pricing.plans.professional.extend.${billing}`)
            : label === "upgrade"
              ? messages.upgradeLink
              : t("pricing.plans.professional.cta")}
        </Link>
      ) : null}
      {signin ? (
        <Link to={signin} className="mt-2 text-center text-sm text-brand-light hover:underline">
          {t("pricing.haveAccount")}
        </Link>
      ) : null}
    </>
  );
}

function PricingCard({
  plan,
  price,
  period,
  features,
  current,
  popular = false,
  children,
}: {
  plan: Plan;
  price: string;
  period?: string;
  features: readonly string[];
  /** The viewer's plan: marked, so they can tell which one they have. */
  current: boolean;
  popular?: boolean;
  /** The card's call to action. */
  children: ReactNode;
}) {
  const { t } = useTranslation("site");
  // The ids and test ids keep the plan's English name, whatever the page's language.
  const tier = TIER_NAMES[plan];
  return (
    <section
      aria-labelledby={`tier-${tier}`}
      className={`relative flex flex-col rounded-2xl border p-6 ${popular ? "border-brand bg-brand/5" : current ? "border-zinc-500" : "border-zinc-800"}`}
    >
      {popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand px-3 py-0.5 text-xs font-bold text-white">
          {t("pricing.popular")}
        </p>
      ) : null}
      {current ? (
        <p className="absolute -top-3 right-6 rounded-full border border-emerald-500/60 bg-zinc-950 px-3 py-0.5 text-xs font-semibold text-emerald-300">
          {t("pricing.yourPlan")}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <h2 id={`tier-${tier}`} className="text-xl font-semibold">
          {t(`pricing.plans.${plan}.name`)}
        </h2>
        {popular ? (
          <span className="rounded-full border border-brand-light px-2 py-0.5 text-xs font-semibold text-brand-light">
            {t("pricing.recommended")}
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
      {children}
    </section>
  );
}
