import { getFormProps, getInputProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { ActionToast, ErrorAlert } from "~/components/admin/failure-notices";
import { RangePicker, UsageCharts } from "~/components/admin/usage-charts";
import { ConfirmFlagPanel, PlanForm, TwoFactorReset, UserFlagButtons } from "~/components/admin/user-actions";
import { ErrorList } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";
import { resultFor } from "~/modules/admin/action-result";
import { adminMeta } from "~/modules/admin/meta";
import { userActionSchema } from "~/modules/admin/schemas";
import { answerUserAction, loadUser } from "~/routes-support/admin/user-pages.server";
import { adminTexts } from "~/modules/texts/catalogue";
import { useFormat } from "~/modules/i18n/format";
import { useOptionalUser } from "~/root";

export const meta: MetaFunction = adminMeta("user");

export const loader = adminLoader(({ request, params }) =>
  loadUser(params.userId, new URL(request.url).searchParams),
);

export const action = adminAction((request, admin, context, params) =>
  answerUserAction(request, admin, params.userId, context),
);

function DeleteUserForm({
  email,
  result,
}: {
  email: string;
  result: ReturnType<typeof useActionData<typeof action>>;
}) {
  const [form, fields] = useZodForm(userActionSchema(), {
    id: "delete-user",
    // The flag and plan buttons post to the same action: their refusals are not this form's.
    lastResult: resultFor(result?.result, { intent: "delete" }),
  });
  const deleting = useNavigation().formData?.get("intent") === "delete";
  const { t } = useTranslation("admin");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm text-zinc-400">
        <Trans t={t} i18nKey="user.deleteIntro" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <label htmlFor={fields.confirm.id} className="block text-sm">
        {t("user.confirm")}
      </label>
      <input {...getInputProps(fields.confirm, { type: "text" })} autoComplete="off" className="input" />
      <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary bg-red-700 hover:bg-red-600" disabled={deleting}>
        {deleting ? t("user.deleting") : t("user.delete")}
      </button>
    </Form>
  );
}

export default function AdminUser() {
  const { user, twoFactorSince, confirm, range, usage, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { t } = useTranslation("admin");
  const format = useFormat();
  const ownAccount = useOptionalUser()?.id === user.id;
  return (
    <section className="space-y-6">
      <Link to="/admin/users" className="text-sm text-zinc-400 hover:underline">
        {t("user.back")}
      </Link>
      <ActionToast data={actionData} />
      {confirm && !ownAccount ? (
        <ConfirmFlagPanel user={user} intent={confirm.intent} redirectTo={confirm.redirectTo} />
      ) : null}
      <div>
        <h1 className="break-all text-2xl font-bold">{user.email}</h1>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-zinc-400">{t("shared.name")}</dt>
            <dd>{user.name}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t("shared.plan")}</dt>
            <dd>{t(`plans.${user.plan}`)}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t("user.roles")}</dt>
            <dd data-testid="user-roles">
              {user.roles.length
                ? new Intl.ListFormat(format.locale, { type: "unit", style: "short" }).format(
                    user.roles.map((role) => t(`roles.names.${role}`)),
                  )
                : t("user.noRoles")}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t("user.totalRequests")}</dt>
            <dd>{format.number(user.apiUsage)}</dd>
          </div>
        </dl>
      </div>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">{t("user.usage")}</h2>
          <RangePicker range={range} base={location.pathname} />
        </div>
        <ErrorAlert error={error} />
        {usage ? <UsageCharts usage={usage} perUser /> : null}
      </div>
      <UserFlagButtons user={user} redirectTo={location.pathname} />
      <PlanForm user={user} redirectTo={location.pathname} />
      <TwoFactorReset user={user} since={twoFactorSince} redirectTo={location.pathname} />
      <div className="rounded-xl border border-red-900 p-4">
        <h2 className="mb-2 font-semibold">{t("user.delete")}</h2>
        {ownAccount ? (
          <p className="text-sm text-zinc-400">{adminTexts.selfDelete}</p>
        ) : (
          <DeleteUserForm email={user.email} result={actionData} />
        )}
      </div>
    </section>
  );
}
