import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdminPage } from "~/modules/admin/access.server";
import { loadDashboard } from "~/modules/admin/dashboard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadDashboard();
}

const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);
const ms = (value: number | null) => (value === null ? "—" : `${Math.round(value)} ms`);
const duration = (seconds: number) =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`
    : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

export default function AdminDashboard() {
  const { stats, queues, workers, vendors } = useLoaderData<typeof loader>();
  const cards = [
    ["Users", stats.userCount],
    ["Chats", stats.chatCount],
    ["Messages", stats.messageCount],
  ] as const;
  return (
    <section className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          {cards.map(([label, value]) => (
            <div key={label} className="rounded-xl border border-zinc-800 bg-zinc-900 p-5">
              <dt className="text-sm text-zinc-400">{label}</dt>
              <dd className="mt-1 text-3xl font-semibold" data-testid={`stat-${label.toLowerCase()}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-zinc-500">
          Last updated {new Date(stats.lastUpdated).toLocaleString("en-US", { timeZone: "UTC" })} UTC
        </p>
      </div>

      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Queues</h2>
          <a href="/admin/queues" className="text-sm text-zinc-400 underline">
            Open the queue board (bull-board)
          </a>
        </div>
        {queues ? (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-zinc-400">
                <tr>
                  <th className="py-1 pr-4">Queue</th>
                  <th className="pr-4">Waiting</th>
                  <th className="pr-4">Active</th>
                  <th className="pr-4">Delayed</th>
                  <th>Failed</th>
                </tr>
              </thead>
              <tbody>
                {queues.map((queue) => (
                  <tr key={queue.queue} data-testid={`queue-${queue.queue}`}>
                    <td className="py-1 pr-4 font-mono">{queue.queue}</td>
                    <td className="pr-4">{queue.waiting}</td>
                    <td className="pr-4">{queue.active}</td>
                    <td className="pr-4">{queue.delayed}</td>
                    <td>{queue.failed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-red-400">The queue cannot be read right now (is Redis up?).</p>
        )}
        <h3 className="mt-4 text-sm font-semibold text-zinc-300">Workers</h3>
        {workers && workers.length > 0 ? (
          <ul aria-label="Workers" className="mt-1 text-sm">
            {workers.map((worker) => (
              <li key={`${worker.host}:${worker.pid}`} data-testid="worker">
                <span className="font-mono">{worker.host}</span> pid {worker.pid}, up{" "}
                {duration(worker.uptimeSeconds)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-amber-400">
            {workers
              ? "No worker is connected: replies will wait in the queue."
              : "Workers cannot be listed right now."}
          </p>
        )}
      </div>

      <div>
        <h2 className="text-lg font-semibold">Vendors (last hour)</h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-zinc-400">
              <tr>
                <th className="py-1 pr-4">Vendor</th>
                <th className="pr-4">Status</th>
                <th className="pr-4">Last test</th>
                <th className="pr-4">Calls</th>
                <th className="pr-4">Error rate</th>
                <th className="pr-4">TTFT p50</th>
                <th>TTFT p95</th>
              </tr>
            </thead>
            <tbody>
              {vendors.map((vendor) => (
                <tr key={vendor.name} data-testid={`vendor-health-${vendor.name}`}>
                  <td className="py-1 pr-4">{vendor.displayName}</td>
                  <td className="pr-4">{vendor.isActive ? "Active" : "Standby"}</td>
                  <td className="pr-4">{vendor.lastTest?.message ?? "Not tested"}</td>
                  <td className="pr-4">{vendor.health?.attempts ?? 0}</td>
                  <td className="pr-4">{percent(vendor.health?.errorRate ?? null)}</td>
                  <td className="pr-4">{ms(vendor.health?.ttftP50Ms ?? null)}</td>
                  <td>{ms(vendor.health?.ttftP95Ms ?? null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
