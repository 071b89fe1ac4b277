import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { Logo } from "~/components/logo";
import { requireAdmin } from "~/modules/auth/session.server";

export const meta: MetaFunction = () => [{ title: "Admin — Rogue AI" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <div className="flex min-h-screen">
      <aside className="w-60 shrink-0 border-r border-zinc-800 p-4">
        <Logo />
        <p className="mt-4 text-xs uppercase tracking-wide text-zinc-500">Administrator</p>
        <nav className="mt-4 flex flex-col gap-1 text-sm">
          <NavLink
            to="/admin"
            end
            className={({ isActive }) =>
              `rounded-md px-2 py-2 ${isActive ? "bg-zinc-800" : "hover:bg-zinc-900"}`
            }
          >
            Dashboard
          </NavLink>
        </nav>
      </aside>
      <main className="flex-1 p-8">
        <Outlet />
      </main>
    </div>
  );
}
