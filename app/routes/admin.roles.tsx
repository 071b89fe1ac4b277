import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionToast } from "~/components/admin/failure-notices";
import { InputField, SelectField } from "~/components/admin/form-field";
import { ScreenHeading } from "~/components/admin/screen-heading";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { roleGrantSchema, userActionSchema } from "~/modules/admin/schemas";
import { answerRoleGrant, loadRolesScreen } from "~/routes-support/admin/screen-pages.server";
import { useFormat } from "~/modules/i18n/format";

export const meta: MetaFunction = adminMeta("roles");

export const loader = adminLoader(loadRolesScreen);

export const action = adminAction(answerRoleGrant);

/** Each role's removal: the intent posted and the button's text (admin:userActions). */
const REVOKE = {
  admin: { intent: "revoke-admin", label: "revokeAdmin" },
  restricted: { intent: "unrestrict", label: "unrestrict" },
  banned: { intent: "unban", label: "unban" },
} as const;

const ROLES = ["admin", "restricted", "banned"] as const;

/** Removing a role is the users screen's own action (same rules: never the last admin, never yourself). */
function RevokeButton({ userId, email, role }: { userId: string; email: string; role: keyof typeof REVOKE }) {
  const { t } = useTranslation("admin");
  const revoke = REVOKE[role];
  const label = t(`userActions.${revoke.label}`);
  const action = `/admin/users/${userId}`;
  const [form] = useZodForm(userActionSchema(), { id: `${revoke.intent}-${userId}` });
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === revoke.intent;
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={revoke.intent} />
      <input type="hidden" name="redirectTo" value="/admin/roles" />
      <button
        type="submit"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={pending}
        aria-label={t("shared.named", { action: label, name: email })}
      >
        {pending ? t("shared.pending", { action: label }) : label}
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
  const { t } = useTranslation("admin");
  const format = useFormat();
  return (
    <section className="space-y-6">
      <ScreenHeading title={t("screens.roles")} intro={t("roles.intro")} />
      <ActionToast data={actionData} />
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-wrap items-end gap-2 rounded-xl border border-zinc-800 p-4"
      >
        <InputField
          label={t("roles.email")}
          field={fields.email}
          type="email"
          className="min-w-[16rem] flex-1"
        />
        <SelectField
          label={t("shared.role")}
          field={fields.role}
          options={ROLES.map((role) => [role, t(`roles.names.${role}`)] as const)}
        />
        <button type="submit" className="btn-primary" disabled={granting}>
          {granting ? t("roles.granting") : t("roles.grant")}
        </button>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
      {roles.map(({ role, users }) => (
        <div key={role}>
          <h2 className="font-semibold">
            {t(`roles.kinds.${role}.title`)}{" "}
            <span className="text-sm text-zinc-400">({format.number(users.length)})</span>
          </h2>
          <p className="text-sm text-zinc-400">{t(`roles.kinds.${role}.blurb`)}</p>
          {users.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-400">{t("roles.nobody")}</p>
          ) : (
            <ul
              aria-label={t(`roles.kinds.${role}.title`)}
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
                  <time dateTime={user.since} className="text-xs text-zinc-400">
                    {t("roles.since", { date: format.date(user.since, { dateStyle: "medium" }) })}
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
