import { Form, Link } from "@remix-run/react";
import type { loadActivity } from "~/modules/admin/activity-page.server";

type AuditScreenData = Awaited<ReturnType<typeof loadActivity>>;

/** The audit log as a filterable, paged list: the Activity screen (every event) and Logs (security events). */
export function AuditView({
  title,
  intro,
  actions,
  data,
}: {
  title: string;
  intro: string;
  /** The events this screen may filter by. */
  actions: readonly string[];
  data: AuditScreenData;
}) {
  const { entries, before, query } = data;
  const older = before
    ? `?${new URLSearchParams({ ...(query.action ? { action: query.action } : {}), ...(query.target ? { target: query.target } : {}), before: String(before) })}`
    : null;
  return (
    <section>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-zinc-400">{intro}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="audit-action" className="mb-1 block text-sm text-zinc-400">
            Event
          </label>
          <select id="audit-action" name="action" defaultValue={query.action ?? ""} className="input">
            <option value="">All</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-target" className="mb-1 block text-sm text-zinc-400">
            Target id or vendor
          </label>
          <input
            id="audit-target"
            name="target"
            defaultValue={query.target ?? ""}
            className="input"
            maxLength={200}
          />
        </div>
        <button type="submit" className="btn-primary">
          Filter
        </button>
      </Form>
      {entries.length === 0 ? <p className="mt-6 text-zinc-400">No events recorded yet.</p> : null}
      <ul aria-label="Activity" className="mt-6 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="audit-entry"
            className="grid gap-1 p-3 text-sm sm:grid-cols-[12rem_10rem_1fr]"
          >
            <time dateTime={entry.createdAt} className="text-zinc-400">
              {new Date(entry.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
            </time>
            <span className="font-mono">{entry.action}</span>
            <span className="break-all">
              {entry.actorEmail ?? "—"} → {entry.targetType ? `${entry.targetType} ` : ""}
              {entry.targetId ?? ""}
              {Object.entries(entry.details).map(([key, value]) => (
                <span key={key} className="ml-2 text-zinc-400">
                  {key}: {String(value)}
                </span>
              ))}
              {entry.ip ? <span className="ml-2 text-zinc-500">IP {entry.ip}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {older ? (
        <Link to={older} className="btn-secondary mt-4 inline-block">
          Older events
        </Link>
      ) : null}
    </section>
  );
}
