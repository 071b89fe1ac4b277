import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ActionAlert } from "~/components/admin/action-alert";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { requireAdminAction, requireAdminPage } from "~/modules/admin/access.server";
import { roleGrantSchema, userActionSchema } from "~/modules/admin/schemas";
import { answerRoleGrant, loadRolesScreen } from "~/modules/admin/screen-pages.server";

export const meta: MetaFunction = () => [{ title: "Roles — Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadRolesScreen();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return answerRoleGrant(request, admin, context.clientIp);
}

const ROLE_TEXT = {
  admin: { title: "Admins", blurb: "Run this console.", revoke: "revoke-admin", revokeLabel: "Revoke admin" },
  restricted: {
    title: "Restricted",
    blurb: "Can read their history, cannot send.",
    revoke: "unrestrict",
    revokeLabel: "Unrestrict",
  },
  banned: { title: "Banned", blurb: "Cannot sign in.", revoke: "unban", revokeLabel: "Unban" },
} as const;

/** Removing a role is the users screen's own action (same rules: never the last admin, never yourself). */
function RevokeButton({
  userId,
  email,
  role,
}: {
  userId: string;
  email: string;
  role: keyof typeof ROLE_TEXT;
}) {
  const text = ROLE_TEXT[role];
  const action = `/admin/users/${userId}`;
  const [form] = useZodForm(userActionSchema(), { id: `${text.revoke}-${userId}` });
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === text.revoke;
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={text.revoke} />
      <input type="hidden" name="redirectTo" value="/admin/roles" />
      <button
        type="submit"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={pending}
        aria-label={`${text.revokeLabel} ${email}`}
      >
        {pending ? `${text.revokeLabel}...` : text.revokeLabel}
      </button>
    </Form>
  );
}

export default function AdminRoles() {
  const { roles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(roleGrantSchema(), {
    id: "grant-role",
    lastResult: actionData?.result,
    defaultValue: { role: "admin" },
  });
  const granting = useNavigation().state === "submitting";
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Roles</h1>
        <p className="mt-1 text-sm text-zinc-400">
          Who holds which role. A change takes effect on the user&apos;s next request; their open pages check
          again at once.
        </p>
      </div>
      <ActionAlert data={actionData} />
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-wrap items-end gap-2 rounded-xl border border-zinc-800 p-4"
      >
        <div className="min-w-[16rem] flex-1">
          <label htmlFor={fields.email.id} className="mb-1 block text-sm text-zinc-400">
            User&apos;s e-mail
          </label>
          <input {...getInputProps(fields.email, { type: "email" })} className="input" />
          <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <label htmlFor={fields.role.id} className="mb-1 block text-sm text-zinc-400">
            Role
          </label>
          <select {...getSelectProps(fields.role)} className="input">
            <option value="admin">admin</option>
            <option value="restricted">restricted</option>
            <option value="banned">banned</option>
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={granting}>
          {granting ? "Granting..." : "Grant role"}
        </button>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
      {roles.map(({ role, users }) => (
        <div key={role}>
          <h2 className="font-semibold">
            {ROLE_TEXT[role].title} <span className="text-sm text-zinc-500">({users.length})</span>
          </h2>
          <p className="text-sm text-zinc-400">{ROLE_TEXT[role].blurb}</p>
          {users.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-500">Nobody.</p>
          ) : (
            <ul
              aria-label={ROLE_TEXT[role].title}
              className="mt-2 divide-y divide-zinc-800 rounded-xl border border-zinc-800"
            >
              {users.map((user) => (
                <li
                  key={user.id}
                  data-testid={`role-${role}`}
                  className="flex flex-wrap items-center gap-2 p-3"
                >
                  <Link to={`/admin/users/${user.id}`} className="min-w-0 flex-1 truncate hover:underline">
                    {user.email}
                  </Link>
                  <time dateTime={user.since} className="text-xs text-zinc-500">
                    since {new Date(user.since).toLocaleDateString("en-US", { timeZone: "UTC" })}
                  </time>
                  <RevokeButton userId={user.id} email={user.email} role={role} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
