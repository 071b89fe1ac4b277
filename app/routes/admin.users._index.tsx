import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "~/components/admin/failure-notices";
import { FilterForm, FilterSelect, FilterText } from "~/components/admin/filter-field";
import { pageQuery, PagedList } from "~/components/admin/paged-list";
import { PlanForm, UserFlagButtons } from "~/components/admin/user-actions";
import { adminLoader } from "~/routes-support/admin/access.server";
import { adminMeta } from "~/modules/admin/meta";
import { loadUserList } from "~/routes-support/admin/user-pages.server";
import { useFormat } from "~/modules/i18n/format";

export const meta: MetaFunction = adminMeta("users");

export const loader = adminLoader(({ request }) => loadUserList(new URL(request.url).searchParams));

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
  const next = nextCursor ? pageQuery({ q: query.q, role: query.role, after: nextCursor }) : null;
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("screens.users")}</h1>
      <FilterForm submitLabel={t("users.submit")} role="search">
        <FilterText id="user-search" name="q" type="search" label={t("users.search")} value={query.q} />
        <FilterSelect
          id="user-role"
          name="role"
          label={t("shared.role")}
          value={query.role}
          anyLabel={t("users.any")}
          options={ROLES.map((role) => [role, t(`roles.kinds.${role}.title`)] as const)}
        />
      </FilterForm>
      <div className="mt-4">
        <ErrorAlert error={error} />
      </div>
      <PagedList
        label={t("screens.users")}
        items={users}
        empty={error ? undefined : t("users.noMatch")}
        rowTestId="user-row"
        rowClassName="flex flex-col gap-2 p-3 lg:flex-row lg:items-center"
        next={next ? { to: next, label: t("users.nextPage") } : null}
      >
        {(user) => (
          <>
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
          </>
        )}
      </PagedList>
    </section>
  );
}
