import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterSelect, FilterText } from "~/components/admin/filter-field";
import type { loadAuditScreen } from "~/modules/admin/activity-page.server";
import {
  AUDIT_ACTIONS,
  AUDIT_SCREENS,
  type AuditAction,
  type AuditScreen,
} from "~/modules/admin/audit-actions";
import { useFormat } from "~/modules/i18n/format";

type AuditScreenData = Awaited<ReturnType<typeof loadAuditScreen>>;

/** An entry's kind is read back from the database as a string; one this build does not know shows as stored. */
const isKnown = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** The audit log as a filterable, paged list: the Activity screen (every event) and Logs (security events). */
export function AuditView({ screen, data }: { screen: AuditScreen; data: AuditScreenData }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const { entries, before, query } = data;
  const older = before
    ? `?${new URLSearchParams({ ...(query.action ? { action: query.action } : {}), ...(query.target ? { target: query.target } : {}), before: String(before) })}`
    : null;
  return (
    <section>
      <h1 className="text-2xl font-bold">{t(`audit.${screen}.title`)}</h1>
      <p className="mt-1 text-sm text-zinc-400">{t(`audit.${screen}.intro`)}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <FilterSelect
          id="audit-action"
          name="action"
          label={t("audit.event")}
          value={query.action}
          anyLabel={t("audit.all")}
          options={AUDIT_SCREENS[screen].map((action) => [action, t(`audit.actions.${action}`)] as const)}
        />
        <FilterText id="audit-target" name="target" label={t("audit.target")} value={query.target} />
        <button type="submit" className="btn-primary">
          {t("audit.filter")}
        </button>
      </Form>
      {entries.length === 0 ? <p className="mt-6 text-zinc-400">{t("audit.empty")}</p> : null}
      <ul
        aria-label={t("screens.activity")}
        className="mt-6 divide-y divide-zinc-800 rounded-xl border border-zinc-800"
      >
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="audit-entry"
            className="grid gap-1 p-3 text-sm sm:grid-cols-[12rem_10rem_1fr]"
          >
            <time dateTime={entry.createdAt} className="text-zinc-400">
              {format.date(entry.createdAt, { dateStyle: "medium", timeStyle: "long" })}
            </time>
            <span title={entry.action}>
              {isKnown(entry.action) ? t(`audit.actions.${entry.action}`) : entry.action}
            </span>
            <span className="break-all">
              {entry.actorEmail ?? t("shared.none")} → {entry.targetType ? `${entry.targetType} ` : ""}
              {entry.targetId ?? ""}
              {Object.entries(entry.details).map(([key, value]) => (
                <span key={key} className="ml-2 text-zinc-400">
                  {key}: {String(value)}
                </span>
              ))}
              {entry.ip ? (
                <span className="ml-2 text-zinc-500">{t("audit.ip", { ip: entry.ip })}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {older ? (
        <Link to={older} className="btn-secondary mt-4 inline-block">
          {t("audit.older")}
        </Link>
      ) : null}
    </section>
  );
}
