import { getFormProps } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SmallDialog } from "~/components/chat/sidebar-dialogs";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useOptionalUser } from "~/root";
import { useFormat } from "~/modules/i18n/format";
import type { AdminUserRow } from "~/modules/admin/users.server";
import {
  isConfirmedIntent,
  userActionSchema,
  type ConfirmedIntent,
  type UserFlagIntent,
} from "~/modules/admin/schemas";

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

/** How the buttons name the changes that ask first (userActions.*), and what each does (confirmAction.*). */
const CONFIRM_LABELS = { "grant-admin": "makeAdmin", ban: "ban", restrict: "restrict" } as const;

/** The question before a change that asks first: its title and what it will do to the user. */
function useConfirmTexts(email: string, intent: ConfirmedIntent) {
  const { t } = useTranslation("admin");
  const label = CONFIRM_LABELS[intent];
  return {
    title: t("confirmAction.title", { action: t(`userActions.${label}`), email }),
    consequence: t(`confirmAction.consequences.${label}`),
  };
}

/** The change itself, once confirmed: the same post a one-click button used to send. */
function ConfirmFlagForm({
  userId,
  intent,
  redirectTo,
  cancel,
}: {
  userId: string;
  intent: ConfirmedIntent;
  redirectTo: string;
  cancel: ReactNode;
}) {
  const action = userPath(userId);
  const pending = usePending(action, intent);
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action={action} className="mt-4 flex justify-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {cancel}
      <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={pending}>
        {pending ? t("shared.pending", { action: t("confirmAction.confirm") }) : t("confirmAction.confirm")}
      </button>
    </Form>
  );
}

/**
 * A button for a change that asks first. Without JavaScript it opens the user's page with `?confirm=`, which
 * asks there (ConfirmFlagPanel); with it, a dialog asks on this page.
 */
function ConfirmedFlagButton({
  user,
  intent,
  label,
  redirectTo,
}: {
  user: AdminUserRow;
  intent: ConfirmedIntent;
  label: string;
  redirectTo: string;
}) {
  const [asking, setAsking] = useState(false);
  const { title, consequence } = useConfirmTexts(user.email, intent);
  const { t } = useTranslation("admin");
  return (
    <>
      <Form
        method="get"
        action={userPath(user.id)}
        onSubmit={(event) => {
          event.preventDefault();
          setAsking(true);
        }}
      >
        <input type="hidden" name="confirm" value={intent} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          className="btn-secondary px-2 py-1 text-xs"
          aria-label={t("shared.named", { action: label, name: user.email })}
        >
          {label}
        </button>
      </Form>
      <SmallDialog open={asking} onOpenChange={setAsking} title={title} description={consequence}>
        <ConfirmFlagForm
          userId={user.id}
          intent={intent}
          redirectTo={redirectTo}
          cancel={
            <Dialog.Close asChild>
              <button type="button" className="btn-secondary">
                {t("confirmAction.cancel")}
              </button>
            </Dialog.Close>
          }
        />
      </SmallDialog>
    </>
  );
}

/** The question a ConfirmedFlagButton asks without JavaScript, on the user's page; Cancel goes back. */
export function ConfirmFlagPanel({
  user,
  intent,
  redirectTo,
}: {
  user: AdminUserRow;
  intent: ConfirmedIntent;
  redirectTo: string;
}) {
  const { title, consequence } = useConfirmTexts(user.email, intent);
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="confirm-flag-title" className="rounded-xl border border-red-900 p-4">
      <h2 id="confirm-flag-title" className="break-all font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-sm text-zinc-400">{consequence}</p>
      <ConfirmFlagForm
        userId={user.id}
        intent={intent}
        redirectTo={redirectTo}
        cancel={
          <Link to={redirectTo} className="btn-secondary">
            {t("confirmAction.cancel")}
          </Link>
        }
      />
    </section>
  );
}

/** The flag buttons: the one shown while the flag is off, the one while it is on. */
const FLAGS = [
  ["isAdmin", ["grant-admin", "makeAdmin"], ["revoke-admin", "revokeAdmin"]],
  ["isBanned", ["ban", "ban"], ["unban", "unban"]],
  ["isRestricted", ["restrict", "restrict"], ["unrestrict", "unrestrict"]],
] as const;

/**
 * Grant/revoke admin, ban/unban, restrict/unrestrict: each a form, so it works without JavaScript; those that
 * take access away or give the console ask first (ConfirmedFlagButton).
 */
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
        if (isConfirmedIntent(intent))
          return (
            <ConfirmedFlagButton
              key={intent}
              user={user}
              intent={intent}
              label={t(`userActions.${label}`)}
              redirectTo={redirectTo}
            />
          );
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

/** The user's two-factor sign-in, and resetting it for someone who lost their phone and recovery codes. */
export function TwoFactorReset({
  user,
  since,
  redirectTo,
}: {
  user: AdminUserRow;
  since: string | null;
  redirectTo: string;
}) {
  const action = userPath(user.id);
  const pending = usePending(action, "reset-two-factor");
  const { t } = useTranslation("admin");
  const format = useFormat();
  return (
    <div className="rounded-xl border border-zinc-800 p-4">
      <h2 className="font-semibold">{t("twoFactor.title")}</h2>
      <p className="mt-1 text-sm text-zinc-300" data-testid="user-two-factor">
        {since
          ? t("twoFactor.on", { when: format.date(since, { dateStyle: "medium" }) })
          : t("twoFactor.off")}
      </p>
      {since ? (
        <Form method="post" action={action} className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="reset-two-factor" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <p className="text-sm text-zinc-400">{t("twoFactor.resetNote")}</p>
          <button type="submit" className="btn-secondary" disabled={pending}>
            {pending ? t("twoFactor.resetting") : t("twoFactor.reset")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
