/** `/features` (docs/product.md §1): hero, six feature cards, four use cases, comparison, call to /chat. */
import type { MetaFunction } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { ComparisonTable } from "~/components/site/comparison-table";
import { useTranslation } from "react-i18next";
import { SiteFooter } from "~/components/site/site-footer";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction = () => [{ title: translate("site:features.meta.title") }];

export default function FeaturesPage() {
  const { t } = useTranslation("site");
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-16">
        <section className="text-center">
          <h1 className="text-balance break-words text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t("features.title")}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-zinc-400">{t("features.lead")}</p>
        </section>
        <section aria-labelledby="features-title" className="mt-16">
          <h2 id="features-title" className="text-2xl font-bold">
            {t("features.featuresTitle")}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Object.values(t("features.cards", { returnObjects: true })).map((f) => (
              <li key={f.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="font-semibold">{f.title}</h3>
                <p className="mt-2 text-zinc-400">{f.body}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="uses-title" className="mt-16">
          <h2 id="uses-title" className="text-2xl font-bold">
            {t("features.usesTitle")}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {Object.values(t("features.uses", { returnObjects: true })).map((u) => (
              <li key={u.title} className="rounded-xl border border-zinc-800 p-6">
                <h3 className="font-semibold">{u.title}</h3>
                <p className="mt-2 text-zinc-400">{u.body}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="compare-title" className="mt-16">
          <h2 id="compare-title" className="text-2xl font-bold">
            {t("features.compareTitle")}
          </h2>
          <div className="mt-6">
            <ComparisonTable />
          </div>
        </section>
        <section className="mt-16 rounded-2xl border border-brand/50 bg-brand/10 p-8 text-center">
          <h2 className="text-2xl font-bold">{t("features.tryTitle")}</h2>
          <Link to="/chat" className="btn-primary mt-6 px-6 py-3 text-base">
            {t("features.tryCta")}
          </Link>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
