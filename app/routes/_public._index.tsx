/**
 * The landing page: each section docs/product.md §1 lists, in order. No loader of its own, so the page is
 * light; the demo's tab comes from `?demo=`, so its tabs are plain links that work without JavaScript.
 */
import type { MetaFunction } from "@remix-run/react";
import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ComparisonTable } from "~/components/site/comparison-table";
import { DEMO_TABS, isDemoTab } from "~/components/site/landing-content";
import { RotatingExamples, StickyBanner, TestimonialCarousel } from "~/components/site/landing-widgets";
import { SiteFooter } from "~/components/site/site-footer";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction = () => [
  { title: translate("site:landing.meta.title") },
  { name: "description", content: translate("site:landing.meta.description") },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
      <h2 id={`${id}-title`} className="text-center text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-10">{children}</div>
    </section>
  );
}

export default function Landing() {
  const { t } = useTranslation("site");
  const [params] = useSearchParams();
  const requested = params.get("demo");
  const tab = isDemoTab(requested) ? requested : "text";
  const demo = t(`landing.demo.tabs.${tab}`, { returnObjects: true });
  return (
    <>
      <main>
        <section className="mx-auto flex max-w-4xl flex-col items-center px-4 pb-16 pt-20 text-center">
          <span className="rounded-full border border-brand/40 bg-brand/10 px-3 py-1 text-xs font-medium text-brand-light">
            {t("landing.hero.badge")}
          </span>
          <h1 className="mt-6 text-balance break-words text-5xl font-extrabold tracking-tight sm:text-6xl">
            {t("landing.hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-zinc-400">{t("landing.hero.lead")}</p>
          {/* Decorative (docs/product.md §1): it looks like the chat box and does nothing. */}
          <div
            aria-hidden
            className="mt-8 w-full max-w-xl rounded-xl border border-zinc-700 bg-zinc-900 px-4 py-3 text-left text-zinc-400"
          >
            {t("landing.hero.inputPlaceholder")}
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/chat" className="btn-primary px-6 py-3 text-base">
              {t("landing.hero.startChat")}
            </Link>
            <Link to="/signup" className="btn-secondary px-6 py-3 text-base">
              {t("landing.hero.getStarted")}
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap justify-center gap-6 text-sm text-zinc-400">
            {Object.values(t("landing.hero.claims", { returnObjects: true })).map((claim) => (
              <li key={claim}>{claim}</li>
            ))}
          </ul>
        </section>

        <Section id="features" title={t("landing.features.title")}>
          <ul className="grid gap-6 md:grid-cols-3">
            {Object.values(t("landing.features.cards", { returnObjects: true })).map((card) => (
              <li key={card.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="text-lg font-semibold">{card.title}</h3>
                <p className="mt-2 text-zinc-400">{card.body}</p>
              </li>
            ))}
          </ul>
          <div className="mt-8 text-center">
            <Link to="/chat" className="btn-primary px-6 py-3 text-base">
              {t("landing.features.cta")}
            </Link>
          </div>
        </Section>

        <section
          aria-label={t("landing.marquee.label")}
          className="overflow-hidden border-y border-zinc-800 py-4"
        >
          {/* Two copies make the loop seamless; the second is hidden from assistive technology. */}
          <div className="marquee flex w-max gap-4">
            {[0, 1].map((copy) => (
              <ul key={copy} aria-hidden={copy === 1 || undefined} className="flex gap-4">
                {Object.values(t("landing.marquee.prompts", { returnObjects: true })).map((prompt) => (
                  <li
                    key={prompt}
                    className="whitespace-nowrap rounded-full border border-zinc-700 px-4 py-1.5 text-sm text-zinc-300"
                  >
                    {prompt}
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </section>

        <Section id="why" title={t("landing.why.title")}>
          <ul className="grid gap-6 sm:grid-cols-2">
            {Object.values(t("landing.why.points", { returnObjects: true })).map((point) => (
              <li key={point.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="font-semibold">{point.title}</h3>
                <p className="mt-2 text-zinc-400">{point.body}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="examples" title={t("landing.examples.title")}>
          <div className="mx-auto max-w-2xl">
            <RotatingExamples
              label={t("landing.examples.label")}
              examples={Object.values(t("landing.examples.questions", { returnObjects: true }))}
            />
          </div>
        </Section>

        <Section id="how" title={t("landing.how.title")}>
          <ol className="grid gap-6 md:grid-cols-3">
            {Object.values(t("landing.how.steps", { returnObjects: true })).map((step, index) => (
              <li key={step.title} className="rounded-xl border border-zinc-800 p-6">
                <p className="text-sm font-semibold text-brand-light">
                  {t("landing.how.step", { number: index + 1 })}
                </p>
                <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-zinc-400">{step.body}</p>
              </li>
            ))}
          </ol>
        </Section>

        <section aria-labelledby="block-title" className="mx-auto max-w-6xl px-4 py-16">
          <div className="grid items-center gap-8 rounded-2xl border border-zinc-800 bg-zinc-900/50 p-8 md:grid-cols-2">
            <div>
              <h2 id="block-title" className="text-3xl font-bold">
                {t("landing.block.title")}
              </h2>
              <p className="mt-4 text-zinc-400">{t("landing.block.body")}</p>
            </div>
            <ul className="space-y-2 text-zinc-300">
              {Object.values(t("landing.block.points", { returnObjects: true })).map((point) => (
                <li key={point}>✓ {point}</li>
              ))}
            </ul>
          </div>
        </section>

        <Section id="demo" title={t("landing.demo.title")}>
          <div className="mx-auto max-w-3xl">
            <div role="tablist" aria-label={t("landing.demo.label")} className="flex flex-wrap gap-2">
              {DEMO_TABS.map((id) => (
                <Link
                  key={id}
                  role="tab"
                  aria-selected={id === tab}
                  to={`?demo=${id}#demo`}
                  replace
                  preventScrollReset
                  className={`rounded-lg px-4 py-2 text-sm ${id === tab ? "bg-brand text-white" : "border border-zinc-700 text-zinc-300"}`}
                >
                  {t(`landing.demo.tabs.${id}.label`)}
                </Link>
              ))}
            </div>
            <div
              role="tabpanel"
              aria-label={demo.label}
              className="mt-4 space-y-3 rounded-xl border border-zinc-800 p-5"
            >
              <p className="text-sm text-zinc-400">{t("landing.demo.you")}</p>
              <p className="rounded-lg bg-zinc-900 px-4 py-3">{demo.input}</p>
              <p className="text-sm text-zinc-400">{t("comparison.products.rogue")}</p>
              <pre className="whitespace-pre-wrap rounded-lg bg-brand/10 px-4 py-3 font-sans">
                {demo.output}
              </pre>
            </div>
          </div>
        </Section>

        <section aria-labelledby="api-title" className="mx-auto max-w-6xl px-4 py-16">
          <div className="rounded-2xl border border-brand/50 bg-brand/10 p-8 md:flex md:items-center md:justify-between md:gap-8">
            <div>
              <h2 id="api-title" className="text-3xl font-bold">
                {t("landing.api.title")}
              </h2>
              <p className="mt-3 max-w-2xl text-zinc-300">{t("landing.api.body")}</p>
            </div>
            <Link to="/api" className="btn-primary mt-6 shrink-0 px-6 py-3 text-base md:mt-0">
              {t("landing.api.cta")}
            </Link>
          </div>
        </section>

        <Section id="compare" title={t("landing.compare.title")}>
          <ComparisonTable />
        </Section>

        <Section id="voices" title={t("landing.voices.title")}>
          <TestimonialCarousel />
        </Section>

        <section className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 className="text-3xl font-bold">{t("landing.final.title")}</h2>
          <p className="mt-4 text-zinc-400">{t("landing.final.body")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/chat" className="btn-primary px-6 py-3 text-base">
              {t("landing.hero.startChat")}
            </Link>
            <Link to="/pricing" className="btn-secondary px-6 py-3 text-base">
              {t("landing.final.pricing")}
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
      <StickyBanner />
    </>
  );
}
