import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "~/components/admin/action-alert";
import { RangePicker, UsageCharts } from "~/components/admin/usage-charts";
import { requireAdminPage } from "~/modules/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { loadAnalytics } from "~/modules/admin/screen-pages.server";

export const meta: MetaFunction = adminMeta("analytics");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadAnalytics(new URL(request.url).searchParams);
}

export default function AdminAnalytics() {
  const { range, usage, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{t("screens.analytics")}</h1>
          <p className="mt-1 text-sm text-zinc-400">{t("analytics.intro")}</p>
        </div>
        <RangePicker range={range} base="/admin/analytics" />
      </div>
      <ErrorAlert error={error} />
      {usage ? <UsageCharts usage={usage} /> : null}
    </section>
  );
}
