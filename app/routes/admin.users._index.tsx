import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PlanForm, UserFlagButtons } from "~/components/admin/user-actions";
import { requireAdminPage } from "~/modules/admin/access.server";
import { loadUserList } from "~/modules/admin/user-pages.server";
import { PLAN_LABELS } from "~/modules/billing/plan";

export const meta: MetaFunction = () => [{ title: "Users — Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadUserList(new URL(request.url).searchParams);
}

function Flags({ user }: { user: ReturnType<typeof useLoaderData<typeof loader>>["users"][number] }) {
  const flags = [
    user.isAdmin && "admin",
    user.isBanned && "banned",
    user.isRestricted && "restricted",
    user.isDemo && "demo",
  ].filter(Boolean);
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <span key={String(flag)} className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs">
          {flag}
        </span>
      ))}
    </span>
  );
}

export default function AdminUsers() {
  const { users, nextCursor, query, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const next = nextCursor
    ? `?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(query.role ? { role: query.role } : {}), after: nextCursor })}`
    : null;
  return (
    <section>
      <h1 className="text-2xl font-bold">Users</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search">
        <div>
          <label htmlFor="user-search" className="mb-1 block text-sm text-zinc-400">
            E-mail starts with, or user id
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={query.q}
            className="input"
            maxLength={200}
          />
        </div>
        <div>
          <label htmlFor="user-role" className="mb-1 block text-sm text-zinc-400">
            Role
          </label>
          <select id="user-role" name="role" defaultValue={query.role ?? ""} className="input">
            <option value="">Any</option>
            <option value="admin">Admins</option>
            <option value="banned">Banned</option>
            <option value="restricted">Restricted</option>
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {error ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-700 bg-red-950 p-3 text-sm">
          <p className="font-semibold">{error.title}</p>
          <p>{error.description}</p>
        </div>
      ) : null}
      {users.length === 0 && !error ? <p className="mt-6 text-zinc-400">No users match.</p> : null}
      <ul aria-label="Users" className="mt-6 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
        {users.map((user) => (
          <li
            key={user.id}
            data-testid="user-row"
            className="flex flex-col gap-2 p-3 lg:flex-row lg:items-center"
          >
            <div className="min-w-0 flex-1">
              <Link to={`/admin/users/${user.id}`} className="block truncate font-medium hover:underline">
                {user.email}
              </Link>
              <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-400">
                <span>{user.name}</span>
                <span>{PLAN_LABELS[user.plan]}</span>
                <span>{user.apiUsage} requests</span>
                <Flags user={user} />
              </p>
            </div>
            <UserFlagButtons user={user} redirectTo={here} />
            <PlanForm user={user} redirectTo={here} />
          </li>
        ))}
      </ul>
      {next ? (
        <Link to={next} className="btn-secondary mt-4 inline-block">
          Next page
        </Link>
      ) : null}
    </section>
  );
}
