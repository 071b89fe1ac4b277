/**
 * `/docs`: what the product does today, its plans, and its checkout: with the simulated provider, the test cards
 * to try it with.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Code, DocTable, PageSection, PageShell } from "~/components/site/page-shell";
import { TEXT_LINK_CLASS } from "~/components/site/text-links";
import { originLoader, useApiExamples } from "~/components/site/use-api-examples";
import { groupCardNumber } from "~/modules/billing/card-numbers";
import { readPlanLimits } from "#db/system-settings";
import { starterLimitTexts } from "~/modules/billing/plan";
import { formatPrice, priceCents } from "~/modules/billing/prices";
import { db } from "~/modules/server-context.server";
import { paymentProvider } from "~/modules/billing/providers.server";
import { translate } from "~/modules/i18n/translate";
import { settingsText } from "~/modules/settings/settings-messages";
import { SIMULATED_DECLINES, SIMULATED_SUCCESS_CARDS } from "~/modules/billing/test-cards";

export const meta: MetaFunction = () => [{ title: translate("docs:docs.metaTitle") }];

/**
 * The origin for the API examples, which provider takes payments (test cards exist only for the simulated one),
 * and the Starter limits the admin set.
 */
export const loader = async (args: LoaderFunctionArgs) => ({
  ...originLoader(args),
  payments: paymentProvider().name,
  limits: await readPlanLimits(db()),
});

export default function DocsPage() {
  const { t, i18n } = useTranslation("docs");
  const examples = useApiExamples();
  const { payments, limits } = useLoaderData<typeof loader>();
  const simulated = payments === "simulated";
  const price = (billing: "monthly" | "annually") =>
    formatPrice(priceCents("professional", billing), i18n.language);
  return (
    <PageShell title={t("docs.title")} lead={t("docs.lead")}>
      <PageSection title={t("docs.start.title")}>
        <p>
          <Trans
            t={t}
            i18nKey="docs.start.account"
            components={{ signup: <Link to="/signup" className={TEXT_LINK_CLASS} />, strong: <strong /> }}
          />
        </p>
        <p>{t("docs.start.chat")}</p>
      </PageSection>
      <PageSection title={t("docs.plans.title")}>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("docs.plans.starter", starterLimitTexts(limits))}</li>
          <li>{t("docs.plans.professional", { monthly: price("monthly"), annual: price("annually") })}</li>
        </ul>
        <p>{t("docs.plans.renewal")}</p>
      </PageSection>
      <PageSection title={simulated ? t("docs.checkout.title") : t("docs.checkout.titleHosted")}>
        <p>{t("docs.checkout.steps")}</p>
        {simulated ? <SimulatedCards /> : <p>{t("docs.checkout.stripe")}</p>}
      </PageSection>
      <PageSection title={settingsText.developerApi}>
        <p>
          <Trans
            t={t}
            i18nKey="docs.developerApi.text"
            values={{ base: examples.base }}
            components={{
              code: <code className="font-mono text-brand-light" />,
              api: <Link to="/api" className={TEXT_LINK_CLASS} />,
            }}
          />
        </p>
        <Code>{examples.curlChat}</Code>
        <Code>{examples.sdk}</Code>
        <p>{t("api.retention.text")}</p>
      </PageSection>
      <PageSection title={t("docs.privacy.title")}>
        <p>{t("docs.privacy.text")}</p>
      </PageSection>
    </PageShell>
  );
}

/** What the simulated provider accepts and declines, so a visitor can try the checkout end to end. */
function SimulatedCards() {
  const { t } = useTranslation("docs");
  return (
    <>
      <p>
        <Trans t={t} i18nKey="docs.checkout.simulated" components={{ strong: <strong /> }} />
      </p>
      <DocTable
        columns={[t("docs.checkout.cardNumber"), t("docs.checkout.result")]}
        mono={1}
        rows={[
          ...Object.entries(SIMULATED_SUCCESS_CARDS).map(([brand, number]) => ({
            key: number,
            cells: [groupCardNumber(number), t("docs.checkout.paid", { brand })],
          })),
          ...Object.entries(SIMULATED_DECLINES).map(([number, reason]) => ({
            key: number,
            cells: [groupCardNumber(number), t("docs.checkout.declined", { reason })],
          })),
        ]}
      />
      <p>{t("docs.checkout.expiry")}</p>
    </>
  );
}
