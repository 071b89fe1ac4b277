import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditView } from "~/components/admin/audit-view";
import { loadAuditScreen } from "~/routes-support/admin/activity-page.server";
import { adminMeta } from "~/modules/admin/meta";

export const meta: MetaFunction = adminMeta("logs");
export const loader = ({ request }: LoaderFunctionArgs) => loadAuditScreen(request, "logs");

export default function AdminLogs() {
  return <AuditView screen="logs" data={useLoaderData<typeof loader>()} />;
}
