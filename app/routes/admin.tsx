import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminFrame } from "~/components/admin/admin-frame";
import { requireAdminPage } from "~/modules/admin/access.server";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction = () => [{ title: translate("admin:meta.console") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return null;
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
