import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditView } from "~/components/admin/audit-view";
import { requireAdminPage } from "~/modules/admin/access.server";
import { SECURITY_ACTIONS } from "~/modules/admin/audit-actions";
import { loadActivity } from "~/modules/admin/activity-page.server";

export const meta: MetaFunction = () => [{ title: "Logs — Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadActivity(new URL(request.url).searchParams, SECURITY_ACTIONS);
}

export default function AdminLogs() {
  return (
    <AuditView
      title="Security logs"
      intro="Sign-in failures, bans, role, plan and key changes, vendor switches: who, to whom, when, from where."
      actions={SECURITY_ACTIONS}
      data={useLoaderData<typeof loader>()}
    />
  );
}
