import { Form, Link } from "@remix-run/react";
import { SignOutButton } from "~/components/sign-out-button";
import { Avatar } from "~/components/chat/avatar";
import type { SettingsData } from "~/modules/settings/settings.server";
import { chatTexts } from "~/modules/chats/chat-messages";
import { settingsText } from "~/modules/settings/settings-messages";
import { useFormat } from "~/modules/i18n/format";
import { useTranslation } from "react-i18next";

export function AccountTab({
  data,
  apiKeyHref,
  signInHref,
}: {
  data: SettingsData;
  apiKeyHref: string;
  signInHref: string;
}) {
  const { account, apiKey } = data;
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-5">
      <section aria-label={t("account.profile")} className="flex items-center gap-4">
        <Avatar name={account.name} seed={account.id ?? "guest"} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-zinc-100" data-testid="settings-name">
            {account.name}
          </p>
          <p className="truncate text-sm text-zinc-400" data-testid="settings-email">
            {account.email}
          </p>
          {account.authenticated ? (
            <p
              className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${
                account.isProfessional ? "bg-brand text-white" : "border border-zinc-700 text-zinc-300"
              }`}
              data-testid="settings-plan"
            >
              {account.plan}
            </p>
          ) : null}
        </div>
      </section>

      {account.authenticated ? (
        <section aria-labelledby="settings-api-keys" className="rounded-lg border border-zinc-800 p-4">
          <h3 id="settings-api-keys" className="text-sm font-semibold text-zinc-100">
            {settingsText.apiKeys}
          </h3>
          <ApiKeyStatus status={apiKey} href={apiKeyHref} />
        </section>
      ) : null}

      {account.authenticated && !account.isDemo ? (
        <LinkCard
          id="settings-developer-api"
          title={settingsText.developerApi}
          body={`${settingsText.developerApiBody}${account.isProfessional ? "" : ` ${settingsText.developerApiProOnly}`}`}
          // Other plans are pointed at Professional by the plan section's Upgrade Now.
          link={
            account.isProfessional ? { to: "/settings/api-keys", label: settingsText.manageApiKeys } : null
          }
        />
      ) : null}

      {account.authenticated ? (
        <LinkCard
          id="settings-security"
          title={t("security.linkTitle")}
          body={t("security.linkBody")}
          link={{ to: "/settings/security", label: t("security.linkTitle") }}
        />
      ) : null}

      {account.authenticated ? (
        <LinkCard
          id="settings-shared-links"
          title={chatTexts.sharedLinksTitle}
          body={chatTexts.sharedLinksBody}
          link={{ to: "/settings/shared-links", label: chatTexts.sharedLinksTitle }}
        />
      ) : null}

      {data.billing && !account.isDemo ? (
        <PlanSection billing={data.billing} professional={account.isProfessional} />
      ) : null}

      {account.isDemo ? (
        <section
          aria-labelledby="settings-upgrade"
          className="rounded-lg border border-brand/60 bg-brand/10 p-4"
        >
          <h3 id="settings-upgrade" className="text-sm font-semibold text-zinc-100">
            {settingsText.upgradeTitle}
          </h3>
          <p className="mt-1 text-sm text-zinc-300">{settingsText.upgradeBody}</p>
          <Link to="/pricing" className="btn-primary mt-3 w-full">
            {settingsText.upgradeNow}
          </Link>
        </section>
      ) : null}

      {account.authenticated ? (
        <SignOutButton className="btn-secondary w-full">{settingsText.signOut}</SignOutButton>
      ) : (
        <Link to={signInHref} className="btn-primary w-full">
          {settingsText.signIn}
        </Link>
      )}
    </div>
  );
}

function ApiKeyStatus({ status, href }: { status: SettingsData["apiKey"]; href: string }) {
  if (!status) return <p className="mt-2 text-sm text-zinc-400">{settingsText.noActiveVendor}</p>;
  // While the service has a key for the vendor, replies use it and never a user's (worker/routing.ts): there
  // is nothing to set, so no button offers it.
  if (!status.required)
    return (
      <p className="mt-2 text-sm text-zinc-300" data-testid="settings-key-status">
        {settingsText.keyProvided(status.vendorName)}
      </p>
    );
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p className="text-zinc-300" data-testid="settings-key-status">
        {status.last4
          ? settingsText.keyStored(status.vendorName, status.last4)
          : settingsText.keyRequired(status.vendorName)}
      </p>
      <Link to={href} preventScrollReset className="btn-secondary px-3 py-1.5">
        {status.last4 ? settingsText.changeKey : settingsText.setKey}
      </Link>
    </div>
  );
}

/** A card of the Account tab that says what a feature is and links to its page. */
function LinkCard({
  id,
  title,
  body,
  link,
}: {
  id: string;
  title: string;
  body: string;
  link: { to: string; label: string } | null;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-zinc-800 p-4 text-sm">
      <h3 id={id} className="font-semibold text-zinc-100">
        {title}
      </h3>
      <p className="mt-2 text-zinc-300">{body}</p>
      {link ? (
        <Link to={link.to} className="btn-secondary mt-2 px-3 py-1.5">
          {link.label}
        </Link>
      ) : null}
    </section>
  );
}

const LONG_DATE = { year: "numeric", month: "long", day: "numeric" } as const;

function PlanSection({
  billing,
  professional,
}: {
  billing: NonNullable<SettingsData["billing"]>;
  professional: boolean;
}) {
  const format = useFormat();
  const formatDate = (iso: string) => format.date(iso, LONG_DATE);
  const filesUsed = settingsText.filesUsed(
    format.bytes(billing.files.used),
    format.bytes(billing.files.allowance),
  );
  return (
    <section aria-labelledby="settings-plan-title" className="rounded-lg border border-zinc-800 p-4 text-sm">
      <h3 id="settings-plan-title" className="font-semibold text-zinc-100">
        {settingsText.planTitle}
      </h3>
      <p className="mt-2 text-zinc-300" data-testid="settings-plan-ends">
        {professional && billing.planEndsAt
          ? billing.cancelled
            ? settingsText.planEnds(formatDate(billing.planEndsAt))
            : settingsText.planEndsOn(formatDate(billing.planEndsAt))
          : professional
            ? settingsText.planNoEnd
            : settingsText.planStarter(billing.starterLimits)}
      </p>
      <p className="mt-2 text-zinc-300" data-testid="settings-files-used">
        {filesUsed}
      </p>
      <div
        role="meter"
        aria-label={filesUsed}
        aria-valuemin={0}
        aria-valuemax={billing.files.allowance}
        aria-valuenow={billing.files.used}
        className="mt-1 h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-rose-500"
          style={{
            width: `${Math.min(100, (100 * billing.files.used) / Math.max(1, billing.files.allowance))}%`,
          }}
        />
      </div>
      {professional && billing.planEndsAt && !billing.cancelled ? (
        <Form method="post" action="/account/cancel-plan" className="mt-2">
          <button type="submit" className="btn-secondary px-3 py-1.5">
            {settingsText.cancelPlan}
          </button>
        </Form>
      ) : null}
      {!professional ? (
        <Link to="/pricing" className="btn-primary mt-2 px-3 py-1.5">
          {settingsText.upgradeNow}
        </Link>
      ) : null}
      {billing.orders.length ? (
        <>
          <h4 className="mt-4 font-medium text-zinc-200">{settingsText.orders}</h4>
          <ul aria-label={settingsText.orders} className="mt-1 space-y-1">
            {billing.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap justify-between gap-x-2 text-zinc-400">
                <span>
                  {formatDate(order.createdAt)} · {order.plan}
                </span>
                <span>
                  {order.amount} · {order.status}
                  {order.card ? ` · ${order.card}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
