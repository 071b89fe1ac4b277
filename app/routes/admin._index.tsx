import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { systemStats } from "~/modules/admin/stats.server";
import { requireAdminPage } from "~/modules/admin/access.server";
import { db } from "~/modules/server-context.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return systemStats(db());
}

export default function AdminDashboard() {
  const stats = useLoaderData<typeof loader>();
  const cards = [
    ["Users", stats.userCount],
    ["Chats", stats.chatCount],
    ["Messages", stats.messageCount],
  ] as const;
  return (
    <section>
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
    </section>
  );
}
