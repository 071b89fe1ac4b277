import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "~/components/admin/failure-notices";
import { ScreenHeading } from "~/components/admin/screen-heading";
import { RangePicker, UsageCharts } from "~/components/admin/usage-charts";
import { adminLoader } from "~/routes-support/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { loadAnalytics } from "~/routes-support/admin/screen-pages.server";

export const meta: MetaFunction = adminMeta("analytics");

export const loader = adminLoader(({ request }) => loadAnalytics(new URL(request.url).searchParams));

export default function AdminAnalytics() {
  const { range, usage, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <ScreenHeading title={t("screens.analytics")} intro={t("analytics.intro")} />
        <RangePicker range={range} base="/admin/analytics" />
      </div>
      <ErrorAlert error={error} />
      {usage ? <UsageCharts usage={usage} /> : null}
    </section>
  );
}
