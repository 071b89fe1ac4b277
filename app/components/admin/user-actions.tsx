import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { AdminUserRow } from "~/modules/admin/users.server";
import { userActionSchema, type UserFlagIntent } from "~/modules/admin/schemas";
import { PLAN_LABELS } from "~/modules/billing/plan";

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
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={pending}
        aria-label={`${label} ${user.email}`}
      >
        {pending ? `${label}...` : label}
      </button>
    </Form>
  );
}

/** Grant/revoke admin, ban/unban, restrict/unrestrict: each a one-button form, so it works without JavaScript. */
export function UserFlagButtons({ user, redirectTo }: { user: AdminUserRow; redirectTo: string }) {
  return (
    <div className="flex flex-wrap gap-1">
      {user.isAdmin ? (
        <FlagButton user={user} intent="revoke-admin" label="Revoke admin" redirectTo={redirectTo} />
      ) : (
        <FlagButton user={user} intent="grant-admin" label="Make admin" redirectTo={redirectTo} />
      )}
      {user.isBanned ? (
        <FlagButton user={user} intent="unban" label="Unban" redirectTo={redirectTo} />
      ) : (
        <FlagButton user={user} intent="ban" label="Ban" redirectTo={redirectTo} />
      )}
      {user.isRestricted ? (
        <FlagButton user={user} intent="unrestrict" label="Unrestrict" redirectTo={redirectTo} />
      ) : (
        <FlagButton user={user} intent="restrict" label="Restrict" redirectTo={redirectTo} />
      )}
    </div>
  );
}

export function PlanForm({ user, redirectTo }: { user: AdminUserRow; redirectTo: string }) {
  const action = userPath(user.id);
  const [form] = useZodForm(userActionSchema(), { id: `plan-${user.id}` });
  const pending = usePending(action, "plan");
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="plan" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label className="text-sm" htmlFor={`plan-select-${user.id}`}>
        Plan
      </label>
      <select
        id={`plan-select-${user.id}`}
        name="plan"
        defaultValue={user.plan}
        className="input w-auto py-1"
      >
        {(["starter", "professional"] as const).map((plan) => (
          <option key={plan} value={plan}>
            {PLAN_LABELS[plan]}
          </option>
        ))}
      </select>
      <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={pending}>
        {pending ? "Saving..." : "Change plan"}
      </button>
    </Form>
  );
}
