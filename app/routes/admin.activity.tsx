import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditView } from "~/components/admin/audit-view";
import { loadAuditScreen } from "~/routes-support/admin/activity-page.server";
import { adminMeta } from "~/modules/admin/meta";

export const meta: MetaFunction = adminMeta("activity");
export const loader = ({ request }: LoaderFunctionArgs) => loadAuditScreen(request, "activity");

export default function AdminActivity() {
  return <AuditView screen="activity" data={useLoaderData<typeof loader>()} />;
}
