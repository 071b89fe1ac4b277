import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useOptionalUser } from "~/root";
import type { AdminUserRow } from "~/modules/admin/users.server";
import { userActionSchema, type UserFlagIntent } from "~/modules/admin/schemas";

const userPath = (userId: string) => `/admin/users/${userId}`;

/** True while this form's post is on its way (JS on); the button says so and cannot be pressed twice. */
function usePending(action: string, intent: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === intent
  );
}

function FlagButton({
  user,
  intent,
  label,
  redirectTo,
}: {
  user: AdminUserRow;
  intent: UserFlagIntent;
  label: string;
  redirectTo: string;
}) {
  const action = userPath(user.id);
  const [form] = useZodForm(userActionSchema(), { id: `${intent}-${user.id}` });
  const pending = usePending(action, intent);
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={pending}
        aria-label={t("shared.named", { action: label, name: user.email })}
      >
        {pending ? t("shared.pending", { action: label }) : label}
      </button>
    </Form>
  );
}

/** The flag buttons: the one shown while the flag is off, the one while it is on. */
const FLAGS = [
  ["isAdmin", ["grant-admin", "makeAdmin"], ["revoke-admin", "revokeAdmin"]],
  ["isBanned", ["ban", "ban"], ["unban", "unban"]],
  ["isRestricted", ["restrict", "restrict"], ["unrestrict", "unrestrict"]],
] as const;

/** Grant/revoke admin, ban/unban, restrict/unrestrict: each a one-button form, so it works without JavaScript. */
export function UserFlagButtons({ user, redirectTo }: { user: AdminUserRow; redirectTo: string }) {
  const { t } = useTranslation("admin");
  // The console refuses an admin's own revoke, ban and restrict (409): no buttons that can only fail.
  if (useOptionalUser()?.id === user.id)
    return (
      <p className="text-xs text-zinc-400" data-testid="own-account">
        {t("userActions.self")}
      </p>
    );
  return (
    <div className="flex flex-wrap gap-1">
      {FLAGS.map(([flag, off, on]) => {
        const [intent, label] = user[flag] ? on : off;
        return (
          <FlagButton
            key={intent}
            user={user}
            intent={intent}
            label={t(`userActions.${label}`)}
            redirectTo={redirectTo}
          />
        );
      })}
    </div>
  );
}

const PLANS = ["starter", "professional"] as const;

export function PlanForm({ user, redirectTo }: { user: AdminUserRow; redirectTo: string }) {
  const action = userPath(user.id);
  const [form] = useZodForm(userActionSchema(), { id: `plan-${user.id}` });
  const pending = usePending(action, "plan");
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="plan" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label className="text-sm" htmlFor={`plan-select-${user.id}`}>
        {t("shared.plan")}
      </label>
      <select
        id={`plan-select-${user.id}`}
        name="plan"
        defaultValue={user.plan}
        className="input w-auto py-1"
      >
        {PLANS.map((plan) => (
          <option key={plan} value={plan}>
            {t(`plans.${plan}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={pending}>
        {pending ? t("shared.saving") : t("userActions.changePlan")}
      </button>
    </Form>
  );
}
