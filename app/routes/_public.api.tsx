/** `/api`: the OpenAI-compatible developer API, with examples that run against this server (docs/product.md §12). */
import { Link, type MetaFunction } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Code, DocTable, PageSection, PageShell } from "~/components/site/page-shell";
import { TEXT_LINK_CLASS } from "~/components/site/text-links";
import { originLoader, useApiExamples } from "~/components/site/use-api-examples";
import { translate } from "~/modules/i18n/translate";
import { REQUEST_OPTIONS, VENDOR_OPTIONS } from "#contract/request-options";

export const meta: MetaFunction = () => [{ title: translate("docs:api.metaTitle") }];

export const loader = originLoader;

const ENDPOINTS = [
  { route: "GET /v1/models", body: "models" },
  { route: "GET /v1/models/{id}", body: "model" },
  { route: "POST /v1/chat/completions", body: "completions" },
  { route: "GET /v1/completions/{id}/stream", body: "stream" },
] as const;

/** Status and the openai SDK's exception class: names, the same in every language. */
const ERRORS = [
  ["400", "BadRequestError"],
  ["401", "AuthenticationError"],
  ["403", "PermissionDeniedError"],
  ["404", "NotFoundError"],
  ["429", "RateLimitError"],
  ["502", "InternalServerError"],
] as const;

const ERROR_SHAPE = '{"error": {"message", "type", "code"}}';

/** The vendors by their own names, the same in every language, in the order of the seeded priority. */
const VENDORS = [
  ["together", "Together AI"],
  ["novita", "Novita AI"],
  ["modelslab", "ModelsLab"],
  ["openai", "OpenAI"],
] as const;

/** Every vendor takes these; the others as contract/request-options.ts says. */
const COMMON_PARAMETERS = ["temperature", "max_tokens"] as const;

export default function ApiPage() {
  const { t } = useTranslation("docs");
  const examples = useApiExamples();
  return (
    <PageShell title={t("api.title")} lead={t("api.lead")}>
      <PageSection title={t("api.key.title")}>
        <p>
          <Trans
            t={t}
            i18nKey="api.key.text"
            components={{
              keys: <Link to="/settings/api-keys" className={TEXT_LINK_CLASS} />,
              code: <code />,
            }}
          />
        </p>
        <p>
          {t("api.key.base")} <code className="font-mono text-brand-light">{examples.base}</code>
        </p>
        <p>{t("api.key.cors")}</p>
      </PageSection>
      <PageSection title={t("api.endpoints.title")}>
        <ul className="space-y-3">
          {ENDPOINTS.map((endpoint) => (
            <li key={endpoint.route} className="rounded-lg border border-zinc-800 p-4">
              <code className="font-mono text-brand-light">{endpoint.route}</code>
              <p className="mt-1 text-zinc-400">{t(`api.endpoints.${endpoint.body}`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={t("api.parameters.title")}>
        <p>{t("api.parameters.text")}</p>
        {/* Five columns scroll on a phone: a labelled region a keyboard can reach and scroll. */}
        <div
          role="region"
          aria-label={t("api.parameters.title")}
          tabIndex={0}
          className="scroll-cue overflow-x-auto"
        >
          <DocTable
            columns={[t("api.parameters.parameter"), ...VENDORS.map(([, name]) => name)]}
            mono={1}
            rows={[
              ...COMMON_PARAMETERS.map((name) => ({
                key: name,
                cells: [name, ...VENDORS.map(() => t("api.parameters.yes"))],
              })),
              ...REQUEST_OPTIONS.map((name) => ({
                key: name,
                cells: [
                  name,
                  ...VENDORS.map(([vendor]) =>
                    t(VENDOR_OPTIONS[vendor].includes(name) ? "api.parameters.yes" : "api.parameters.no"),
                  ),
                ],
              })),
            ]}
          />
        </div>
        <p>{t("api.parameters.refused")}</p>
      </PageSection>
      <PageSection title={t("api.curl.title")}>
        <Code>{examples.curlModels}</Code>
        <Code>{examples.curlChat}</Code>
        <Code>{examples.curlStream}</Code>
        <p>{t("api.curl.resume")}</p>
        <Code>{examples.curlResume}</Code>
      </PageSection>
      <PageSection title={t("api.sdkTitle")}>
        <Code>{examples.sdk}</Code>
        <Code>{examples.python}</Code>
      </PageSection>
      <PageSection title={t("api.errors.title")}>
        <p>
          <Trans
            t={t}
            i18nKey="api.errors.shape"
            values={{ shape: ERROR_SHAPE }}
            components={{ code: <code /> }}
          />
        </p>
        {/* Scrolls by itself when a language's longer words and the exception names do not fit a phone. */}
        <div className="scroll-cue overflow-x-auto">
          <DocTable
            columns={[t("api.errors.status"), t("api.errors.exception"), t("api.errors.when")]}
            mono={2}
            rowClassName="border-b border-zinc-800 align-top"
            rows={ERRORS.map(([status, exception]) => ({
              key: status,
              cells: [status, exception, t(`api.errors.${status}`)],
            }))}
          />
        </div>
        <p>{t("api.errors.limits")}</p>
      </PageSection>
      <PageSection title={t("api.retention.title")}>
        <p>{t("api.retention.text")}</p>
      </PageSection>
    </PageShell>
  );
}
