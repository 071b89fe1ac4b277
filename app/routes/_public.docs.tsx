/** `/docs`: what the product does today, its plans, and how to try the checkout (the simulated test cards). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { apiExamples } from "~/modules/api/api-docs";
import { PageSection, PageShell } from "~/components/site/page-shell";
import { formatPrice, priceCents } from "~/modules/billing/prices";
import { translate } from "~/modules/i18n/translate";
import { settingsText } from "~/modules/settings/settings-messages";
import { SIMULATED_DECLINES, SIMULATED_SUCCESS_CARDS } from "~/modules/billing/test-cards";

export const meta: MetaFunction = () => [{ title: translate("docs:docs.metaTitle") }];

const group = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

export const loader = ({ request }: LoaderFunctionArgs) => ({ origin: new URL(request.url).origin });

const linkClass = "text-brand-light underline hover:text-white";

export default function DocsPage() {
  const { t, i18n } = useTranslation("docs");
  const { origin } = useLoaderData<typeof loader>();
  const examples = apiExamples(origin);
  const price = (billing: "monthly" | "annually") =>
    formatPrice(priceCents("professional", billing), i18n.language);
  return (
    <PageShell title={t("docs.title")} lead={t("docs.lead")}>
      <PageSection title={t("docs.start.title")}>
        <p>
          <Trans
            t={t}
            i18nKey="docs.start.account"
            components={{ signup: <Link to="/signup" className={linkClass} />, strong: <strong /> }}
          />
        </p>
        <p>{t("docs.start.chat")}</p>
      </PageSection>
      <PageSection title={t("docs.plans.title")}>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("docs.plans.starter")}</li>
          <li>{t("docs.plans.professional", { monthly: price("monthly"), annual: price("annually") })}</li>
        </ul>
        <p>{t("docs.plans.renewal")}</p>
      </PageSection>
      <PageSection title={t("docs.checkout.title")}>
        <p>{t("docs.checkout.steps")}</p>
        <p>
          <Trans t={t} i18nKey="docs.checkout.simulated" components={{ strong: <strong /> }} />
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-zinc-800">
              <th scope="col" className="py-2 pr-4">
                {t("docs.checkout.cardNumber")}
              </th>
              <th scope="col" className="py-2">
                {t("docs.checkout.result")}
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(SIMULATED_SUCCESS_CARDS).map(([brand, number]) => (
              <tr key={number} className="border-b border-zinc-800">
                <td className="py-2 pr-4 font-mono">{group(number)}</td>
                <td className="py-2">{t("docs.checkout.paid", { brand })}</td>
              </tr>
            ))}
            {Object.entries(SIMULATED_DECLINES).map(([number, reason]) => (
              <tr key={number} className="border-b border-zinc-800">
                <td className="py-2 pr-4 font-mono">{group(number)}</td>
                <td className="py-2">{t("docs.checkout.declined", { reason })}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{t("docs.checkout.expiry")}</p>
        <p>
          <Trans t={t} i18nKey="docs.checkout.stripe" components={{ code: <code /> }} />
        </p>
      </PageSection>
      <PageSection title={settingsText.developerApi}>
        <p>
          <Trans
            t={t}
            i18nKey="docs.developerApi.text"
            values={{ base: examples.base }}
            components={{
              code: <code className="font-mono text-brand-light" />,
              api: <Link to="/api" className={linkClass} />,
            }}
          />
        </p>
        {[examples.curlChat, examples.sdk].map((example) => (
          <pre
            key={example}
            className="overflow-x-auto rounded-lg border border-zinc-800 bg-zinc-950 p-4 text-sm"
          >
            <code>{example}</code>
          </pre>
        ))}
        <p>{t("api.retention.text")}</p>
      </PageSection>
      <PageSection title={t("docs.privacy.title")}>
        <p>{t("docs.privacy.text")}</p>
      </PageSection>
    </PageShell>
  );
}
