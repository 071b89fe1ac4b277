import { Link, NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { SignOutButton } from "~/components/sign-out-button";
import { useScrolledPast } from "~/components/ui/use-scrolled-past";
import { useOptionalUser } from "~/root";

const SOLID_AFTER_PX = 10;

function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm ${isActive ? "text-white" : "text-zinc-300 hover:text-white"}`;
  return (
    <>
      <NavLink to="/features" className={linkClass}>
        {t("header.features")}
      </NavLink>
      <NavLink to="/pricing" className={linkClass}>
        {t("header.pricing")}
      </NavLink>
      {isAdmin ? (
        <Link
          to="/admin"
          className={`rounded-md px-3 py-2 text-sm ${pathname.startsWith("/admin") ? "bg-brand text-white" : "text-brand-light hover:text-white"}`}
        >
          {t("header.admin")}
        </Link>
      ) : null}
    </>
  );
}

function AccountActions() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  if (!user) {
    return (
      <>
        <Link to="/signin" className="btn-ghost">
          {t("header.signIn")}
        </Link>
        <Link to="/signup" className="btn-primary">
          {t("header.signUp")}
        </Link>
      </>
    );
  }
  return (
    <>
      <span className="text-sm text-zinc-300">
        {t("header.hello", { name: user.name || t("header.defaultName") })}
      </span>
      <Link to="/chat" className="btn-primary">
        {t("header.chatNow")}
      </Link>
      <SignOutButton className="btn-ghost">{t("header.signOut")}</SignOutButton>
    </>
  );
}

export function PublicHeader() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  return (
    <header
      className={`sticky top-0 z-40 transition-colors ${scrolled ? "border-b border-zinc-800 bg-zinc-950" : "bg-transparent"}`}
      data-solid={scrolled}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label={t("header.mainNav")} className="hidden items-center gap-1 md:flex">
            <NavLinks isAdmin={Boolean(user?.isAdmin)} />
          </nav>
        </div>
        <div className="hidden items-center gap-2 md:flex">
          <AccountActions />
        </div>
        {/* <details> opens and closes without JavaScript. */}
        <details className="relative md:hidden">
          <summary className="btn-ghost cursor-pointer list-none" aria-label={t("header.menu")}>
            {t("header.menu")}
          </summary>
          <div className="absolute right-0 mt-2 flex w-56 flex-col gap-1 rounded-lg border border-zinc-800 bg-zinc-950 p-3 shadow-xl">
            <nav aria-label={t("header.mobileNav")} className="flex flex-col">
              <NavLinks isAdmin={Boolean(user?.isAdmin)} />
            </nav>
            <div className="mt-2 flex flex-col gap-2 border-t border-zinc-800 pt-2">
              <AccountActions />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
