import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "~/components/admin/action-alert";
import { FilterSelect, FilterText } from "~/components/admin/filter-field";
import { PlanForm, UserFlagButtons } from "~/components/admin/user-actions";
import { requireAdminPage } from "~/modules/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { loadUserList } from "~/modules/admin/user-pages.server";
import { useFormat } from "~/modules/i18n/format";

export const meta: MetaFunction = adminMeta("users");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return loadUserList(new URL(request.url).searchParams);
}

const FLAGS = [
  ["isAdmin", "admin"],
  ["isBanned", "banned"],
  ["isRestricted", "restricted"],
  ["isDemo", "demo"],
] as const;

function Flags({ user }: { user: ReturnType<typeof useLoaderData<typeof loader>>["users"][number] }) {
  const { t } = useTranslation("admin");
  return (
    <span className="flex flex-wrap gap-1">
      {FLAGS.filter(([flag]) => user[flag]).map(([flag, name]) => (
        <span key={flag} className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs">
          {t(`roles.names.${name}`)}
        </span>
      ))}
    </span>
  );
}

const ROLES = ["admin", "banned", "restricted"] as const;

export default function AdminUsers() {
  const { users, nextCursor, query, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t } = useTranslation("admin");
  const format = useFormat();
  const here = `${location.pathname}${location.search}`;
  const next = nextCursor
    ? `?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(query.role ? { role: query.role } : {}), after: nextCursor })}`
    : null;
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("screens.users")}</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search">
        <FilterText id="user-search" name="q" type="search" label={t("users.search")} value={query.q} />
        <FilterSelect
          id="user-role"
          name="role"
          label={t("shared.role")}
          value={query.role}
          anyLabel={t("users.any")}
          options={ROLES.map((role) => [role, t(`roles.kinds.${role}.title`)] as const)}
        />
        <button type="submit" className="btn-primary">
          {t("users.submit")}
        </button>
      </Form>
      <div className="mt-4">
        <ErrorAlert error={error} />
      </div>
      {users.length === 0 && !error ? <p className="mt-6 text-zinc-400">{t("users.noMatch")}</p> : null}
      <ul
        aria-label={t("screens.users")}
        className="mt-6 divide-y divide-zinc-800 rounded-xl border border-zinc-800"
      >
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
                <span>{t(`plans.${user.plan}`)}</span>
                <span>{t("users.requests", { number: format.number(user.apiUsage) })}</span>
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
          {t("users.nextPage")}
        </Link>
      ) : null}
    </section>
  );
}
