import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditView } from "~/components/admin/audit-view";
import { requireAdminPage } from "~/modules/admin/access.server";
import { AUDIT_ACTIONS } from "~/modules/admin/audit-actions";
import { loadActivity } from "~/modules/admin/activity-page.server";

export const meta: MetaFunction = () => [{ title: "Activity — Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadActivity(new URL(request.url).searchParams);
}

export default function AdminActivity() {
  return (
    <AuditView
      title="Activity"
      intro="Every admin action and security event. Secrets are never recorded."
      actions={AUDIT_ACTIONS}
      data={useLoaderData<typeof loader>()}
    />
  );
}
