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
import type { UsageAnalytics, UsageBreakdown } from "~/modules/admin/analytics.server";

type Usage = UsageAnalytics;

const AXIS = { stroke: "#71717a", fontSize: 12 };
const TOOLTIP = { contentStyle: { background: "#18181b", border: "1px solid #3f3f46" } };

/** "2026-11-24T05" → "05:00", "2026-11-24" → "Nov 24", "2026-11" → "Nov 2026" (UTC, like the buckets). */
export function bucketLabel(bucket: string): string {
  if (bucket.length === 13) return `${bucket.slice(11)}:00`;
  const date = new Date(`${bucket.length === 7 ? `${bucket}-01` : bucket}T00:00:00Z`);
  return date.toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "short",
    ...(bucket.length === 7 ? { year: "numeric" } : { day: "numeric" }),
  });
}

/**
 * One series over the range. Rendered on the server at a fixed size first (so a page without JavaScript shows
 * the chart), then fitted to its box in the browser.
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
  const data = points.map((point) => ({ ...point, label: bucketLabel(point.bucket) }));
  const axes = (
    <>
      <CartesianGrid stroke="#27272a" vertical={false} />
      <XAxis dataKey="label" tick={AXIS} minTickGap={12} />
      <YAxis tick={AXIS} width={48} allowDecimals={false} />
      <Tooltip {...TOOLTIP} />
    </>
  );
  return (
    <figure className="min-w-0 rounded-xl border border-zinc-800 p-3">
      <figcaption className="mb-2 text-sm text-zinc-400">{title}</figcaption>
      <div className="h-48 w-full">
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
                dot={false}
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

const number = (value: number) => value.toLocaleString("en-US");
const ms = (value: number | null) => (value === null ? "—" : `${number(value)} ms`);

function BreakdownTable({ title, rows, testId }: { title: string; rows: UsageBreakdown[]; testId: string }) {
  return (
    <div className="min-w-0 overflow-x-auto rounded-xl border border-zinc-800 p-3">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-400">None in this range.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid={testId}>
          <thead className="text-zinc-400">
            <tr>
              <th className="py-1 pr-3 font-normal">Name</th>
              <th className="pr-3 font-normal">Requests</th>
              <th className="pr-3 font-normal">Tokens</th>
              <th className="pr-3 font-normal">Errors</th>
              <th className="font-normal">TTFT</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="max-w-[14rem] truncate py-1 pr-3" title={row.label}>
                  {row.label}
                </td>
                <td className="pr-3">{number(row.requests)}</td>
                <td className="pr-3">{number(row.tokens)}</td>
                <td className="pr-3">{number(row.errors)}</td>
                <td>{ms(row.ttftMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The totals, the four charts and (unless one user's) the breakdowns; an empty range says so, no sample data. */
export function UsageCharts({ usage, perUser = false }: { usage: Usage; perUser?: boolean }) {
  const { total } = usage;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3">
        {(
          [
            ["Requests", total.requests],
            ["Tokens", total.tokens],
            ["Errors", total.errors],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-zinc-800 bg-zinc-900 p-3">
            <dt className="text-xs text-zinc-400">{label}</dt>
            <dd className="text-xl font-semibold" data-testid={`usage-${label.toLowerCase()}`}>
              {number(value)}
            </dd>
          </div>
        ))}
      </dl>
      {total.requests === 0 ? (
        <p className="rounded-xl border border-zinc-800 p-4 text-zinc-400" data-testid="usage-empty">
          No requests in this range yet. Charts appear once replies are asked for.
        </p>
      ) : (
        <>
          <div className="grid gap-3 lg:grid-cols-2">
            <SeriesChart
              title="Requests"
              points={usage.points}
              dataKey="requests"
              kind="bar"
              color="#8b5cf6"
            />
            <SeriesChart title="Tokens" points={usage.points} dataKey="tokens" kind="line" color="#22d3ee" />
            <SeriesChart title="Errors" points={usage.points} dataKey="errors" kind="bar" color="#f87171" />
            <SeriesChart
              title="Mean time to first token (ms)"
              points={usage.points}
              dataKey="ttftMs"
              kind="line"
              color="#fbbf24"
            />
          </div>
          <div className={`grid gap-3 ${perUser ? "lg:grid-cols-2" : "xl:grid-cols-3"}`}>
            <BreakdownTable title="By model" rows={usage.byModel} testId="usage-by-model" />
            <BreakdownTable title="By vendor" rows={usage.byVendor} testId="usage-by-vendor" />
            {perUser ? null : <BreakdownTable title="By user" rows={usage.byUser} testId="usage-by-user" />}
          </div>
        </>
      )}
    </div>
  );
}

/** The range picker: plain links (a GET), so it works without JavaScript. */
export function RangePicker({ range, base }: { range: Usage["range"]; base: string }) {
  return (
    <nav aria-label="Range" className="flex flex-wrap gap-1">
      {(["day", "week", "month", "year"] as const).map((option) => (
        <a
          key={option}
          href={`${base}?range=${option}`}
          aria-current={option === range ? "page" : undefined}
          className={`rounded-md px-3 py-1 text-sm capitalize ${option === range ? "bg-zinc-700" : "bg-zinc-900 hover:bg-zinc-800"}`}
        >
          {option}
        </a>
      ))}
    </nav>
  );
}

/** 'Error fetching API usage' when the ledger could not be read: said plainly, with no numbers made up. */
export function UsageError({ error }: { error: { title: string; description: string } | null }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-700 bg-red-950 p-3 text-sm">
      <p className="font-semibold">{error.title}</p>
      <p>{error.description}</p>
    </div>
  );
}
