/**
 * The landing page: each section docs/product.md §1 lists, in order. No loader of its own, so the page is
 * light; the demo's tab comes from `?demo=`, so its tabs are plain links that work without JavaScript.
 */
import type { MetaFunction } from "@remix-run/react";
import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ComparisonTable } from "~/components/site/comparison-table";
import { DEMO_TABS, isDemoTab } from "~/components/site/landing-content";
import { CardGrid, CtaLinks } from "~/components/site/sections";
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

const BAND_LOOKS = {
  plain: {
    box: "grid items-center gap-8 rounded-2xl border border-zinc-800 bg-zinc-900/50 p-8 md:grid-cols-2",
    body: "mt-4 text-zinc-400",
  },
  brand: {
    box: "rounded-2xl border border-brand/50 bg-brand/10 p-8 md:flex md:items-center md:justify-between md:gap-8",
    body: "mt-3 max-w-2xl text-zinc-300",
  },
};

/** A boxed band across the page: a title and its text beside something else (a list, a button). */
function Band({
  id,
  title,
  body,
  look,
  children,
}: {
  id: string;
  title: string;
  body: string;
  look: keyof typeof BAND_LOOKS;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl px-4 py-16">
      <div className={BAND_LOOKS[look].box}>
        <div>
          <h2 id={`${id}-title`} className="text-3xl font-bold">
            {title}
          </h2>
          <p className={BAND_LOOKS[look].body}>{body}</p>
        </div>
        {children}
      </div>
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
          <CtaLinks
            links={[
              { to: "/chat", label: t("landing.hero.startChat") },
              { to: "/signup", label: t("landing.hero.getStarted") },
            ]}
          />
          <ul className="mt-10 flex flex-wrap justify-center gap-6 text-sm text-zinc-400">
            {Object.values(t("landing.hero.claims", { returnObjects: true })).map((claim) => (
              <li key={claim}>{claim}</li>
            ))}
          </ul>
        </section>

        <Section id="features" title={t("landing.features.title")}>
          <CardGrid
            className="grid gap-6 md:grid-cols-3"
            large
            cards={Object.values(t("landing.features.cards", { returnObjects: true }))}
          />
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
          <CardGrid
            className="grid gap-6 sm:grid-cols-2"
            cards={Object.values(t("landing.why.points", { returnObjects: true }))}
          />
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
          <CardGrid
            className="grid gap-6 md:grid-cols-3"
            large
            step={(number) => t("landing.how.step", { number })}
            cards={Object.values(t("landing.how.steps", { returnObjects: true }))}
          />
        </Section>

        <Band id="block" title={t("landing.block.title")} body={t("landing.block.body")} look="plain">
          <ul className="space-y-2 text-zinc-300">
            {Object.values(t("landing.block.points", { returnObjects: true })).map((point) => (
              <li key={point}>✓ {point}</li>
            ))}
          </ul>
        </Band>

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

        <Band id="api" title={t("landing.api.title")} body={t("landing.api.body")} look="brand">
          <Link to="/api" className="btn-primary mt-6 shrink-0 px-6 py-3 text-base md:mt-0">
            {t("landing.api.cta")}
          </Link>
        </Band>

        <Section id="compare" title={t("landing.compare.title")}>
          <ComparisonTable />
        </Section>

        <Section id="voices" title={t("landing.voices.title")}>
          <TestimonialCarousel />
        </Section>

        <section className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 className="text-3xl font-bold">{t("landing.final.title")}</h2>
          <p className="mt-4 text-zinc-400">{t("landing.final.body")}</p>
          <CtaLinks
            links={[
              { to: "/chat", label: t("landing.hero.startChat") },
              { to: "/pricing", label: t("landing.final.pricing") },
            ]}
          />
        </section>
      </main>
      <SiteFooter />
      <StickyBanner />
    </>
  );
}
