import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect, FilterText } from "~/components/admin/filter-field";
import { pageQuery, PagedList } from "~/components/admin/paged-list";
import { ScreenHeading } from "~/components/admin/screen-heading";
import type { loadAuditScreen } from "~/routes-support/admin/activity-page.server";
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
  const older = before ? pageQuery({ action: query.action, target: query.target, before }) : null;
  return (
    <section>
      <ScreenHeading title={t(`audit.${screen}.title`)} intro={t(`audit.${screen}.intro`)} />
      <FilterForm submitLabel={t("audit.filter")}>
        <FilterSelect
          id="audit-action"
          name="action"
          label={t("audit.event")}
          value={query.action}
          anyLabel={t("audit.all")}
          options={AUDIT_SCREENS[screen].map((action) => [action, t(`audit.actions.${action}`)] as const)}
        />
        <FilterText id="audit-target" name="target" label={t("audit.target")} value={query.target} />
      </FilterForm>
      <PagedList
        label={t("screens.activity")}
        items={entries}
        empty={t("audit.empty")}
        rowTestId="audit-entry"
        rowClassName="grid gap-1 p-3 text-sm sm:grid-cols-[12rem_10rem_1fr]"
        next={older ? { to: older, label: t("audit.older") } : null}
      >
        {(entry) => (
          <>
            <time dateTime={entry.createdAt} className="text-zinc-400">
              {format.date(entry.createdAt, { dateStyle: "medium", timeStyle: "long" })}
            </time>
            <span title={entry.action}>
              {isKnown(entry.action) ? t(`audit.actions.${entry.action}`) : entry.action}
            </span>
            <span className="break-all">
              {entry.actorEmail ?? t("shared.none")} → {entry.targetType ? `${entry.targetType} ` : ""}
              {entry.targetUser && entry.targetId ? (
                <Link to={`/admin/users/${entry.targetId}`} title={entry.targetId} className="underline">
                  {entry.targetUser.name} ({entry.targetUser.email})
                </Link>
              ) : (
                (entry.targetId ?? "")
              )}
              {Object.entries(entry.details).map(([key, value]) => (
                <span key={key} className="ml-2 text-zinc-400">
                  {key}: {String(value)}
                </span>
              ))}
              {entry.ip ? (
                <span className="ml-2 text-zinc-400">{t("audit.ip", { ip: entry.ip })}</span>
              ) : null}
            </span>
          </>
        )}
      </PagedList>
    </section>
  );
}
