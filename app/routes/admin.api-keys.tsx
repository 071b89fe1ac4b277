import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ActionAlert } from "~/components/admin/action-alert";
import { useZodForm } from "~/components/ui/use-zod-form";
import { requireAdminAction, requireAdminPage } from "~/modules/admin/access.server";
import { keyRevokeSchema } from "~/modules/admin/schemas";
import { answerKeyRevoke, loadKeysScreen } from "~/modules/admin/screen-pages.server";

export const meta: MetaFunction = () => [{ title: "API keys — Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadKeysScreen(new URL(request.url).searchParams);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return answerKeyRevoke(request, admin, context.clientIp);
}

type Key = ReturnType<typeof useLoaderData<typeof loader>>["keys"][number];

function RevokeKey({ stored }: { stored: Key }) {
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
        aria-label={`Revoke ${stored.email}'s ${stored.vendor} key`}
      >
        {pending ? "Revoking..." : "Revoke"}
      </button>
    </Form>
  );
}

export default function AdminApiKeys() {
  const { vendors, keys, vendor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">API keys</h1>
        <p className="mt-1 text-sm text-zinc-400">
          Keys are stored encrypted and shown only by their last four characters. Vendor keys are set on{" "}
          <Link to="/admin/api-vendors" className="underline">
            API vendors
          </Link>
          .
        </p>
      </div>
      <ActionAlert data={actionData} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-zinc-400">
            <tr>
              <th className="py-1 pr-4 font-normal">Vendor</th>
              <th className="pr-4 font-normal">Service key</th>
              <th className="pr-4 font-normal">Last test</th>
              <th className="font-normal">Users&apos; own keys</th>
            </tr>
          </thead>
          <tbody>
            {vendors.map((row) => (
              <tr key={row.name} data-testid={`vendor-key-${row.name}`} className="border-t border-zinc-800">
                <td className="py-2 pr-4">{row.displayName}</td>
                <td className="pr-4">{row.keyLast4 ? `Set, ends in ${row.keyLast4}` : "Not set"}</td>
                <td
                  className={`pr-4 ${row.lastTest ? (row.lastTest.ok ? "text-emerald-400" : "text-red-400") : ""}`}
                >
                  {row.lastTest?.message ?? "Not tested"}
                </td>
                <td>
                  <Link to={`?vendor=${row.name}`} className="underline">
                    {row.userKeys}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">Users&apos; stored keys{vendor ? ` for ${vendor}` : ""}</h2>
          {vendor ? (
            <Link to="/admin/api-keys" className="text-sm text-zinc-400 underline">
              All vendors
            </Link>
          ) : null}
        </div>
        {keys.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">
            No user has stored a key{vendor ? " for this vendor" : ""}.
          </p>
        ) : (
          <ul
            aria-label="Stored keys"
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
