import type { MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminFrame } from "~/components/admin/admin-frame";
import { adminLoader } from "~/routes-support/admin/access.server";
import { translate } from "~/modules/i18n/translate";

export const meta: MetaFunction = () => [{ title: translate("admin:meta.console") }];

export const loader = adminLoader(() => null);

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
