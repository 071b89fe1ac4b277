import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ActionAlert } from "~/components/admin/action-alert";
import { RangePicker, UsageCharts, UsageError } from "~/components/admin/usage-charts";
import { PlanForm, UserFlagButtons } from "~/components/admin/user-actions";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { requireAdminAction, requireAdminPage } from "~/modules/admin/access.server";
import { userActionSchema } from "~/modules/admin/schemas";
import { answerUserAction, loadUser } from "~/modules/admin/user-pages.server";
import { PLAN_LABELS } from "~/modules/billing/plan";

export const meta: MetaFunction = () => [{ title: "User — Admin — Rogue AI" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadUser(params.userId, new URL(request.url).searchParams);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return answerUserAction(request, admin, params.userId, context.clientIp);
}

function DeleteUserForm({
  email,
  result,
}: {
  email: string;
  result: ReturnType<typeof useActionData<typeof action>>;
}) {
  const [form, fields] = useZodForm(userActionSchema(), {
    id: "delete-user",
    lastResult: result && "result" in result ? result.result : undefined,
  });
  const deleting = useNavigation().formData?.get("intent") === "delete";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm text-zinc-400">
        Deleting removes the account with its roles, sessions, chats and keys. Type <strong>{email}</strong>{" "}
        to confirm.
      </p>
      <label htmlFor={fields.confirm.id} className="block text-sm">
        Confirm e-mail
      </label>
      <input {...getInputProps(fields.confirm, { type: "text" })} autoComplete="off" className="input" />
      <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary bg-red-700 hover:bg-red-600" disabled={deleting}>
        {deleting ? "Deleting..." : "Delete user"}
      </button>
    </Form>
  );
}

export default function AdminUser() {
  const { user, range, usage, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  return (
    <section className="space-y-6">
      <Link to="/admin/users" className="text-sm text-zinc-400 hover:underline">
        ← Users
      </Link>
      <ActionAlert data={actionData} />
      <div>
        <h1 className="break-all text-2xl font-bold">{user.email}</h1>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-zinc-400">Name</dt>
            <dd>{user.name}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">Plan</dt>
            <dd>{PLAN_LABELS[user.plan]}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">Roles</dt>
            <dd data-testid="user-roles">{user.roles.length ? user.roles.join(", ") : "none"}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">Total requests</dt>
            <dd>{user.apiUsage}</dd>
          </div>
        </dl>
      </div>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">Usage</h2>
          <RangePicker range={range} base={location.pathname} />
        </div>
        <UsageError error={error} />
        {usage ? <UsageCharts usage={usage} perUser /> : null}
      </div>
      <UserFlagButtons user={user} redirectTo={location.pathname} />
      <PlanForm user={user} redirectTo={location.pathname} />
      <div className="rounded-xl border border-red-900 p-4">
        <h2 className="mb-2 font-semibold">Delete user</h2>
        <DeleteUserForm email={user.email} result={actionData} />
      </div>
    </section>
  );
}
