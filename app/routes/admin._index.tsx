import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, MILLISECONDS } from "~/components/admin/data-table";
import { requireAdminPage } from "~/routes-support/admin/access.server";
import { loadDashboard } from "~/modules/admin/dashboard.server";
import { adminMeta } from "~/modules/admin/meta";
import { useFormat } from "~/modules/i18n/format";

export const meta: MetaFunction = adminMeta("dashboard");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadDashboard();
}

const STATS = ["users", "chats", "messages"] as const;
const STAT_FIELDS = { users: "userCount", chats: "chatCount", messages: "messageCount" } as const;
const QUEUE_COLUMNS = ["waiting", "active", "delayed", "failed"] as const;

export default function AdminDashboard() {
  const { stats, queues, workers, vendors } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const format = useFormat();
  const none = t("shared.none");
  const percent = (rate: number | null) =>
    rate === null
      ? none
      : format.number(rate, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const ms = (value: number | null) => (value === null ? none : format.number(value, MILLISECONDS));
  const duration = (seconds: number) =>
    seconds >= 3600
      ? t("dashboard.hoursMinutes", {
          hours: Math.floor(seconds / 3600),
          minutes: Math.floor((seconds % 3600) / 60),
        })
      : t("dashboard.minutesSeconds", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  return (
    <section className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{t("screens.dashboard")}</h1>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          {STATS.map((stat) => (
            <div key={stat} className="rounded-xl border border-zinc-800 bg-zinc-900 p-5">
              <dt className="text-sm text-zinc-400">{t(`dashboard.stats.${stat}`)}</dt>
              <dd className="mt-1 text-3xl font-semibold" data-testid={`stat-${stat}`}>
                {format.number(stats[STAT_FIELDS[stat]])}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-zinc-400">
          {t("dashboard.lastUpdated", {
            time: format.date(stats.lastUpdated, { dateStyle: "medium", timeStyle: "long" }),
          })}
        </p>
      </div>

      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t("dashboard.queues")}</h2>
          <a href="/admin/queues" className="text-sm text-zinc-400 underline">
            {t("dashboard.queueBoard")}
          </a>
        </div>
        {queues ? (
          <div className="mt-2">
            <DataTable
              label={t("dashboard.queues")}
              columns={[
                t("dashboard.queueColumns.queue"),
                ...QUEUE_COLUMNS.map((column) => t(`dashboard.queueColumns.${column}`)),
              ]}
            >
              {queues.map((queue) => (
                <tr key={queue.queue} data-testid={`queue-${queue.queue}`}>
                  <td className="py-1 pr-4 font-mono">{queue.queue}</td>
                  {QUEUE_COLUMNS.map((column) => (
                    <td key={column} className="pr-4">
                      {format.number(queue[column])}
                    </td>
                  ))}
                </tr>
              ))}
            </DataTable>
          </div>
        ) : (
          <p className="mt-2 text-sm text-red-400">{t("dashboard.queueDown")}</p>
        )}
        <h3 className="mt-4 text-sm font-semibold text-zinc-300">{t("dashboard.workers")}</h3>
        {workers && workers.length > 0 ? (
          <ul aria-label={t("dashboard.workers")} className="mt-1 text-sm">
            {workers.map((worker) => (
              <li key={`${worker.host}:${worker.pid}`} data-testid="worker">
                <span className="font-mono">{worker.host}</span>{" "}
                {t("dashboard.workerUp", { pid: worker.pid, uptime: duration(worker.uptimeSeconds) })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-amber-400">
            {workers ? t("dashboard.noWorker") : t("dashboard.workersDown")}
          </p>
        )}
      </div>

      <div>
        <h2 className="text-lg font-semibold">{t("dashboard.vendors")}</h2>
        <div className="mt-2">
          <DataTable
            label={t("dashboard.vendors")}
            columns={[
              t("shared.vendor"),
              t("dashboard.vendorColumns.status"),
              t("shared.lastTest"),
              t("dashboard.vendorColumns.calls"),
              t("dashboard.vendorColumns.errorRate"),
              t("dashboard.vendorColumns.ttftP50"),
              t("dashboard.vendorColumns.ttftP95"),
            ]}
          >
            {vendors.map((vendor) => (
              <tr key={vendor.name} data-testid={`vendor-health-${vendor.name}`}>
                <td className="py-1 pr-4">{vendor.displayName}</td>
                <td className="pr-4">{vendor.isActive ? t("shared.active") : t("dashboard.standby")}</td>
                <td className="pr-4">{vendor.lastTest?.message ?? t("shared.notTested")}</td>
                <td className="pr-4">{format.number(vendor.health?.attempts ?? 0)}</td>
                <td className="pr-4">{percent(vendor.health?.errorRate ?? null)}</td>
                <td className="pr-4">{ms(vendor.health?.ttftP50Ms ?? null)}</td>
                <td>{ms(vendor.health?.ttftP95Ms ?? null)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      </div>
    </section>
  );
}
