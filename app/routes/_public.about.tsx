import type { MetaFunction } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { PageSection, PageShell } from "~/components/site/page-shell";
import { supportEmailLink, TEXT_LINK_CLASS } from "~/components/site/text-links";
import { SUPPORT_EMAIL } from "~/modules/billing/prices";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction = () => [{ title: translate("site:about.meta.title") }];

export default function AboutPage() {
  const { t } = useTranslation("site");
  return (
    <PageShell title={t("about.title")} lead={t("about.lead")}>
      <PageSection id="what-we-build" title={t("about.build.title")}>
        <p>{t("about.build.body")}</p>
      </PageSection>
      <PageSection id="how-we-treat-your-data" title={t("about.data.title")}>
        <p>{t("about.data.body")}</p>
      </PageSection>
      <PageSection id="contact" title={t("about.contact.title")}>
        <p>
          <Trans
            t={t}
            i18nKey="about.contact.body"
            values={{ email: SUPPORT_EMAIL }}
            components={{
              email: supportEmailLink,
              docs: <Link to="/docs" className={TEXT_LINK_CLASS} />,
            }}
          />
        </p>
      </PageSection>
    </PageShell>
  );
}
