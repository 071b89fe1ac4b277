import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { SignOutButton } from "~/components/sign-out-button";
import type { AdminScreen } from "~/modules/admin/meta";

/** The console's screens, in sidebar order. */
export const ADMIN_SCREENS: { to: string; screen: AdminScreen }[] = [
  { to: "/admin", screen: "dashboard" },
  { to: "/admin/analytics", screen: "analytics" },
  { to: "/admin/users", screen: "users" },
  { to: "/admin/roles", screen: "roles" },
  { to: "/admin/api-vendors", screen: "apiVendors" },
  { to: "/admin/api-models", screen: "models" },
  { to: "/admin/api-keys", screen: "apiKeys" },
  { to: "/admin/settings", screen: "settings" },
  { to: "/admin/sso", screen: "sso" },
  { to: "/admin/activity", screen: "activity" },
  { to: "/admin/logs", screen: "logs" },
];

/** bull-board is served by Express, not Remix: a full page load. */
const QUEUES_LINK = "/admin/queues";

function AdminNav() {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("frame.nav")} className="flex flex-col gap-1 text-sm">
      {ADMIN_SCREENS.map((screen) => (
        <NavLink
          key={screen.to}
          to={screen.to}
          end={screen.to === "/admin"}
          className={({ isActive }) =>
            `rounded-md px-2 py-2 ${isActive ? "bg-zinc-800" : "hover:bg-zinc-900"}`
          }
        >
          {t(`screens.${screen.screen}`)}
        </NavLink>
      ))}
      <a href={QUEUES_LINK} className="rounded-md px-2 py-2 hover:bg-zinc-900">
        {t("frame.queues")}
      </a>
    </nav>
  );
}

function AccountLinks() {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <NavLink to="/chat" className="rounded-md px-2 py-2 hover:bg-zinc-900">
        {t("common:errorPage.backToChat")}
      </NavLink>
      <SignOutButton className="w-full rounded-md px-2 py-2 text-left hover:bg-zinc-900">
        {t("frame.signOut")}
      </SignOutButton>
    </div>
  );
}

/**
 * A fixed sidebar from 768 px (docs/product.md §2 breakpoints); below it a menu button with the same links.
 * The menu is a <details> element, so it opens without JavaScript too.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation("admin");
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // The frame stays mounted across screens: a chosen link closes the menu, as a full page load would.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <div className="min-h-screen md:flex">
      <header className="flex items-center justify-between border-b border-zinc-800 p-3 md:hidden">
        <Logo />
        <details ref={menu} className="relative">
          <summary className="btn-secondary cursor-pointer list-none">{t("frame.menu")}</summary>
          <div className="absolute right-0 z-20 mt-2 w-56 space-y-3 rounded-xl border border-zinc-800 bg-zinc-950 p-3 shadow-xl">
            <p className="text-xs uppercase tracking-wide text-zinc-400">{t("frame.administrator")}</p>
            <AdminNav />
            <AccountLinks />
          </div>
        </details>
      </header>
      <aside className="hidden w-60 shrink-0 flex-col gap-4 border-r border-zinc-800 p-4 md:flex">
        <Logo />
        <p className="text-xs uppercase tracking-wide text-zinc-400">{t("frame.administrator")}</p>
        <AdminNav />
        <div className="mt-auto">
          <AccountLinks />
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
    </div>
  );
}
