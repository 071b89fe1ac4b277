import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { DataTable, MILLISECONDS } from "~/components/admin/data-table";
import type { UsageAnalytics, UsageBreakdown } from "~/modules/admin/analytics.server";
import { formatDate, useFormat } from "~/modules/i18n/format";

type Usage = UsageAnalytics;

const AXIS = { stroke: "#71717a", fontSize: 12 };
const TOOLTIP = { contentStyle: { background: "#18181b", border: "1px solid #3f3f46" } };

/**
 * "2026-11-24T05" → "05:00", "2026-11-24" → "Nov 24", "2026-11" → "Nov 2026" in English, and the same in
 * `locale` (UTC, like the buckets).
 */
function bucketLabel(bucket: string, locale: string): string {
  if (bucket.length === 13)
    return formatDate(`${bucket}:00:00Z`, locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return formatDate(`${bucket.length === 7 ? `${bucket}-01` : bucket}T00:00:00Z`, locale, {
    month: "short",
    ...(bucket.length === 7 ? { year: "numeric" } : { day: "numeric" }),
  });
}
/**
 * One series over the range, fitted to its box in the browser. Recharts 3 draws nothing on the server, so
 * without JavaScript the box says where the same figures are instead of staying blank.
 */
function SeriesChart({
  title,
  points,
  dataKey,
  kind,
  color,
}: {
  title: string;
  points: Usage["points"];
  dataKey: "requests" | "tokens" | "errors" | "ttftMs";
  kind: "bar" | "line";
  color: string;
}) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const data = points.map((point) => ({ ...point, label: bucketLabel(point.bucket, format.locale) }));
  const axes = (
    <>
      <CartesianGrid stroke="#27272a" vertical={false} />
      <XAxis dataKey="label" tick={AXIS} minTickGap={12} />
      <YAxis
        tick={AXIS}
        width={48}
        allowDecimals={false}
        tickFormatter={(value: number) => format.number(value)}
      />
      <Tooltip
        {...TOOLTIP}
        formatter={(value) => (typeof value === "number" ? format.number(value) : value)}
      />
    </>
  );
  return (
    <figure className="min-w-0 rounded-xl border border-zinc-800 p-3">
      <figcaption className="mb-2 text-sm text-zinc-400">{title}</figcaption>
      <div className="relative h-48 w-full">
        <noscript>
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-zinc-400">
            {t("usage.needsScript")}
          </p>
        </noscript>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 192 }}>
          {kind === "bar" ? (
            <BarChart data={data}>
              {axes}
              <Bar dataKey={dataKey} name={title} fill={color} isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart data={data}>
              {axes}
              <Line
                dataKey={dataKey}
                name={title}
                stroke={color}
                // The dots mark the buckets with data: a lone one has no segment to draw, so only its dot shows.
                dot={{ r: 3, fill: color }}
                connectNulls
                isAnimationActive={false}
              />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function BreakdownTable({ title, rows, testId }: { title: string; rows: UsageBreakdown[]; testId: string }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  if (rows.length === 0)
    return (
      <div className="min-w-0 rounded-xl border border-zinc-800 p-3">
        <h3 className="mb-2 text-sm font-semibold">{title}</h3>
        <p className="text-sm text-zinc-400">{t("usage.noneInRange")}</p>
      </div>
    );
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <DataTable
        label={title}
        framed
        testId={testId}
        columns={[
          t("shared.name"),
          t("usage.requests"),
          t("usage.tokens"),
          t("usage.errors"),
          t("usage.ttft"),
        ]}
      >
        {rows.map((row) => (
          <tr key={row.key}>
            <td className="max-w-[14rem] truncate py-1 pr-4" title={row.label}>
              {row.label}
            </td>
            <td className="pr-4">{format.number(row.requests)}</td>
            <td className="pr-4">{format.number(row.tokens)}</td>
            <td className="pr-4">{format.number(row.errors)}</td>
            <td>{row.ttftMs === null ? t("shared.none") : format.number(row.ttftMs, MILLISECONDS)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

const TOTALS = ["requests", "tokens", "errors"] as const;

/** The four charts: the series, its title (admin:usage), bars or a line, and its colour. */
const CHARTS = [
  ["requests", "requests", "bar", "#8b5cf6"],
  ["tokens", "tokens", "line", "#22d3ee"],
  ["errors", "errors", "bar", "#f87171"],
  ["ttftMs", "ttftChart", "line", "#fbbf24"],
] as const;

/** The totals, the four charts and (unless one user's) the breakdowns; an empty range says so, no sample data. */
export function UsageCharts({ usage, perUser = false }: { usage: Usage; perUser?: boolean }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const { total } = usage;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3">
        {TOTALS.map((kind) => (
          <div key={kind} className="rounded-xl border border-zinc-800 bg-zinc-900 p-3">
            <dt className="text-xs text-zinc-400">{t(`usage.${kind}`)}</dt>
            <dd className="text-xl font-semibold" data-testid={`usage-${kind}`}>
              {format.number(total[kind])}
            </dd>
          </div>
        ))}
      </dl>
      {total.requests === 0 ? (
        <p className="rounded-xl border border-zinc-800 p-4 text-zinc-400" data-testid="usage-empty">
          {t("usage.empty")}
        </p>
      ) : (
        <>
          <div className="grid gap-3 lg:grid-cols-2">
            {CHARTS.map(([dataKey, title, kind, color]) => (
              <SeriesChart
                key={dataKey}
                title={t(`usage.${title}`)}
                points={usage.points}
                dataKey={dataKey}
                kind={kind}
                color={color}
              />
            ))}
          </div>
          <div className={`grid gap-3 ${perUser ? "lg:grid-cols-2" : "xl:grid-cols-3"}`}>
            <BreakdownTable title={t("usage.byModel")} rows={usage.byModel} testId="usage-by-model" />
            <BreakdownTable title={t("usage.byVendor")} rows={usage.byVendor} testId="usage-by-vendor" />
            {perUser ? null : (
              <BreakdownTable title={t("usage.byUser")} rows={usage.byUser} testId="usage-by-user" />
            )}
          </div>
        </>
      )}
    </div>
  );
}

const RANGES = ["day", "week", "month", "year"] as const;

/** The range picker: plain links (a GET), so it works without JavaScript. */
export function RangePicker({ range, base }: { range: Usage["range"]; base: string }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("usage.range.label")} className="flex flex-wrap gap-1">
      {RANGES.map((option) => (
        <a
          key={option}
          href={`${base}?range=${option}`}
          aria-current={option === range ? "page" : undefined}
          className={`rounded-md px-3 py-1 text-sm capitalize ${option === range ? "bg-zinc-700" : "bg-zinc-900 hover:bg-zinc-800"}`}
        >
          {t(`usage.range.${option}`)}
        </a>
      ))}
    </nav>
  );
}
