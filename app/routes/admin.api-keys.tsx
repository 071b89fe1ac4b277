import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { ActionToast } from "~/components/admin/failure-notices";
import { DataTable } from "~/components/admin/data-table";
import { ScreenHeading } from "~/components/admin/screen-heading";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { keyRevokeSchema } from "~/modules/admin/schemas";
import { answerKeyRevoke, loadKeysScreen } from "~/routes-support/admin/screen-pages.server";

export const meta: MetaFunction = adminMeta("apiKeys");

export const loader = adminLoader(({ request }) => loadKeysScreen(new URL(request.url).searchParams));

export const action = adminAction(answerKeyRevoke);

type Key = ReturnType<typeof useLoaderData<typeof loader>>["keys"][number];

function RevokeKey({ stored }: { stored: Key }) {
  const { t } = useTranslation("admin");
  const [form] = useZodForm(keyRevokeSchema, { id: `revoke-${stored.userId}-${stored.vendor}` });
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("userId") === stored.userId &&
    navigation.formData?.get("vendor") === stored.vendor;
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="userId" value={stored.userId} />
      <input type="hidden" name="vendor" value={stored.vendor} />
      <button
        type="submit"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={pending}
        aria-label={t("apiKeys.revokeLabel", { email: stored.email, vendor: stored.vendor })}
      >
        {pending ? t("apiKeys.revoking") : t("apiKeys.revoke")}
      </button>
    </Form>
  );
}

export default function AdminApiKeys() {
  const { vendors, keys, vendor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-6">
      <ScreenHeading
        title={t("screens.apiKeys")}
        intro={
          <Trans
            t={t}
            i18nKey="apiKeys.intro"
            components={{ vendors: <Link to="/admin/api-vendors" className="underline" /> }}
          />
        }
      />
      <ActionToast data={actionData} />
      <DataTable
        label={t("screens.apiKeys")}
        columns={[t("shared.vendor"), t("apiKeys.serviceKey"), t("shared.lastTest"), t("apiKeys.userKeys")]}
      >
        {vendors.map((row) => (
          <tr key={row.name} data-testid={`vendor-key-${row.name}`} className="border-t border-zinc-800">
            <td className="py-2 pr-4">{row.displayName}</td>
            <td className="pr-4">
              {row.keyLast4 ? t("apiKeys.keySet", { last4: row.keyLast4 }) : t("apiKeys.notSet")}
            </td>
            <td
              className={`pr-4 ${row.lastTest ? (row.lastTest.ok ? "text-emerald-400" : "text-red-400") : ""}`}
            >
              {row.lastTest?.message ?? t("shared.notTested")}
            </td>
            <td>
              <Link to={`?vendor=${row.name}`} className="underline">
                {row.userKeys}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">
            {vendor ? t("apiKeys.storedKeysFor", { vendor }) : t("apiKeys.storedKeys")}
          </h2>
          {vendor ? (
            <Link to="/admin/api-keys" className="text-sm text-zinc-400 underline">
              {t("apiKeys.allVendors")}
            </Link>
          ) : null}
        </div>
        {keys.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">
            {vendor ? t("apiKeys.noKeysForVendor") : t("apiKeys.noKeys")}
          </p>
        ) : (
          <ul
            aria-label={t("apiKeys.storedKeysList")}
            className="mt-2 divide-y divide-zinc-800 rounded-xl border border-zinc-800"
          >
            {keys.map((stored) => (
              <li
                key={`${stored.userId}-${stored.vendor}`}
                data-testid="user-key"
                className="flex flex-wrap items-center gap-2 p-3 text-sm"
              >
                <Link
                  to={`/admin/users/${stored.userId}`}
                  className="min-w-0 flex-1 truncate hover:underline"
                >
                  {stored.email}
                </Link>
                <span>{stored.vendor}</span>
                <span className="font-mono">…{stored.last4}</span>
                <RevokeKey stored={stored} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
