import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionToast } from "~/components/admin/failure-notices";
import { ScreenHeading } from "~/components/admin/screen-heading";
import { VendorCard } from "~/components/admin/vendor-card";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { answerVendorAction, loadVendors } from "~/routes-support/admin/vendor-pages.server";

export const meta: MetaFunction = adminMeta("apiVendors");

export const loader = adminLoader(loadVendors);

export const action = adminAction(answerVendorAction);

export default function AdminVendors() {
  const { vendors, endpointModels } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section>
      <ScreenHeading title={t("screens.apiVendors")} intro={t("vendors.intro")} />
      <ActionToast data={actionData} />
      <ul className="mt-4 space-y-4">
        {vendors.map((vendor) => (
          <VendorCard
            key={vendor.id}
            vendor={vendor}
            result={actionData?.result}
            endpointModels={endpointModels?.vendorName === vendor.name ? endpointModels : null}
          />
        ))}
      </ul>
    </section>
  );
}
