/**
 * `/pricing`: Starter and Professional (docs/product.md §2). The monthly / annual switch is a pair of links,
 * so it works without JavaScript; a signed-in visitor arriving with `?selected=` goes straight to checkout.
 */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Billing, Plan } from "#db/schema";
import { ComparisonSection, FeatureTable } from "~/components/site/comparison-table";
import { ClosingCall, CtaLinks, PageTitle, TitledSection } from "~/components/site/sections";
import { SiteFooter } from "~/components/site/site-footer";
import { Testimonial, useTestimonials } from "~/components/site/testimonial";
import { getSessionUser } from "~/modules/auth/session.server";
import { messages } from "~/modules/errors/catalogue";
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

/** What a year saves against twelve months. */
const annualSaving = () =>
  12 * priceCents("professional", "monthly") - priceCents("professional", "annually");

export default function PricingPage() {
  const { billing, signedIn } = useLoaderData<typeof loader>();
  const pro = professionalTargets(signedIn, billing);
  const { t } = useTranslation("site");
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
            features={Object.values(t("pricing.plans.starter.features", { returnObjects: true }))}
            cta={signedIn ? t("pricing.plans.starter.ctaSignedIn") : t("pricing.plans.starter.cta")}
            href={signedIn ? "/chat" : `/signup?${new URLSearchParams({ redirectTo: "/chat" })}`}
          />
          <PricingCard
            plan="professional"
            price={formatPrice(priceCents("professional", billing))}
            period={t(`pricing.period.${billing}`)}
            features={Object.values(t("pricing.plans.professional.features", { returnObjects: true }))}
            cta={signedIn ? messages.upgradeLink : t("pricing.plans.professional.cta")}
            href={pro.primary}
            signinHref={pro.signin}
            popular
          />
        </div>

        <TitledSection id="compare" title={t("pricing.compare.title")} className="mt-20">
          <FeatureTable
            caption={t("pricing.compare.title")}
            className="mt-6"
            minWidth="min-w-[28rem]"
            columns={[
              t("comparison.feature"),
              t("pricing.plans.starter.name"),
              t("pricing.plans.professional.name"),
            ]}
            rows={Object.values(t("pricing.compare.rows", { returnObjects: true })).map(
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
            {Object.values(t("pricing.faq.items", { returnObjects: true, email: SUPPORT_EMAIL })).map(
              (item) => (
                <details key={item.q} className="rounded-lg border border-zinc-800 p-4">
                  <summary className="cursor-pointer font-medium">{item.q}</summary>
                  <p className="mt-2 text-zinc-400">{item.a}</p>
                </details>
              ),
            )}
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

        <ClosingCall title={t("pricing.final.title")}>
          <CtaLinks
            className="mt-6"
            links={[
              { to: pro.primary, label: t("pricing.final.cta") },
              ...(pro.signin ? [{ to: pro.signin, label: t("pricing.final.signin") }] : []),
            ]}
          />
        </ClosingCall>
      </main>
      <SiteFooter />
    </>
  );
}

function PricingCard({
  plan,
  price,
  period,
  features,
  cta,
  href,
  signinHref,
  popular = false,
}: {
  plan: Plan;
  price: string;
  period?: string;
  features: readonly string[];
  cta: string;
  href: string;
  signinHref?: string | null;
  popular?: boolean;
}) {
  const { t } = useTranslation("site");
  // The ids and test ids keep the plan's English name, whatever the page's language.
  const tier = TIER_NAMES[plan];
  return (
    <section
      aria-labelledby={`tier-${tier}`}
      className={`relative flex flex-col rounded-2xl border p-6 ${popular ? "border-brand bg-brand/5" : "border-zinc-800"}`}
    >
      {popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand px-3 py-0.5 text-xs font-bold text-white">
          {t("pricing.popular")}
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
      <Link to={href} className={`${popular ? "btn-primary" : "btn-secondary"} mt-6 w-full`}>
        {cta}
      </Link>
      {signinHref ? (
        <Link to={signinHref} className="mt-2 text-center text-sm text-brand-light hover:underline">
          {t("pricing.haveAccount")}
        </Link>
      ) : null}
    </section>
  );
}
