/** `/features` (docs/product.md §1): hero, six feature cards, four use cases, comparison, call to /chat. */
import type { MetaFunction } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { ComparisonSection } from "~/components/site/comparison-table";
import { useTranslation } from "react-i18next";
import { CardGrid, ClosingCall, PageTitle, TitledSection } from "~/components/site/sections";
import { SiteFooter } from "~/components/site/site-footer";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction = () => [{ title: translate("site:features.meta.title") }];

/** The two lists of cards: what it does, and what people use it for. */
const CARD_SECTIONS = [
  {
    id: "features",
    title: "features.featuresTitle",
    cards: "features.cards",
    grid: "mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
  },
  { id: "uses", title: "features.usesTitle", cards: "features.uses", grid: "mt-6 grid gap-6 sm:grid-cols-2" },
] as const;

export default function FeaturesPage() {
  const { t } = useTranslation("site");
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-16">
        <section className="text-center">
          <PageTitle>{t("features.title")}</PageTitle>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-zinc-400">{t("features.lead")}</p>
        </section>
        {CARD_SECTIONS.map((section) => (
          <TitledSection key={section.id} id={section.id} title={t(section.title)}>
            <CardGrid
              className={section.grid}
              cards={Object.values(t(section.cards, { returnObjects: true }))}
            />
          </TitledSection>
        ))}
        <ComparisonSection id="compare" title={t("features.compareTitle")} />
        <ClosingCall title={t("features.tryTitle")}>
          <Link to="/chat" className="btn-primary mt-6 px-6 py-3 text-base">
            {t("features.tryCta")}
          </Link>
        </ClosingCall>
      </main>
      <SiteFooter />
    </>
  );
}
