import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RangePicker, UsageCharts, UsageError } from "~/components/admin/usage-charts";
import { requireAdminPage } from "~/modules/admin/access.server";
import { loadAnalytics } from "~/modules/admin/screen-pages.server";

export const meta: MetaFunction = () => [{ title: "Analytics — Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadAnalytics(new URL(request.url).searchParams);
}

export default function AdminAnalytics() {
  const { range, usage, error } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Analytics</h1>
          <p className="mt-1 text-sm text-zinc-400">
            Requests, tokens, errors and time to first token from the usage ledger (times in UTC).
          </p>
        </div>
        <RangePicker range={range} base="/admin/analytics" />
      </div>
      <UsageError error={error} />
      {usage ? <UsageCharts usage={usage} /> : null}
    </section>
  );
}
