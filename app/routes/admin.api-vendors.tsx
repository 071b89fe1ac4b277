import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionAlert } from "~/components/admin/action-alert";
import { VendorCard } from "~/components/admin/vendor-card";
import { requireAdminAction, requireAdminPage } from "~/modules/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { answerVendorAction, loadVendors } from "~/modules/admin/vendor-pages.server";

export const meta: MetaFunction = adminMeta("apiVendors");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadVendors();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return answerVendorAction(request, admin, context.clientIp);
}

export default function AdminVendors() {
  const { vendors } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("screens.apiVendors")}</h1>
      <p className="mt-1 text-sm text-zinc-400">{t("vendors.intro")}</p>
      <div className="mt-4">
        <ActionAlert data={actionData} />
      </div>
      <ul className="mt-4 space-y-4">
        {vendors.map((vendor) => (
          <VendorCard key={vendor.id} vendor={vendor} result={actionData?.result} />
        ))}
      </ul>
    </section>
  );
}
