import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "~/components/language-picker";
import { Logo } from "~/components/logo";
import { SignOutButton } from "~/components/sign-out-button";
import { useOptionalUser } from "~/root";
import { APP_VERSION } from "~/modules/version";

const COPYRIGHT_YEAR = 2026;

const LINK_CLASS = "text-zinc-400 hover:text-white";

/**
 * The footer's columns; their words are common.json's footer.columns and footer.links. The account links are
 * the signed-out ones; a signed-in visitor gets their own instead (`AccountLinks`).
 */
const COLUMNS = [
  {
    title: "product",
    links: [
      { to: "/features", label: "features" },
      { to: "/pricing", label: "pricing" },
      { to: "/chat", label: "chat" },
    ],
  },
  {
    title: "developers",
    links: [
      { to: "/docs", label: "docs" },
      { to: "/api", label: "api" },
    ],
  },
  {
    title: "company",
    links: [{ to: "/about", label: "about" }],
    account: true,
  },
] as const;

/** Like the public header: Sign In and Sign Up signed out; signed in, their account's settings and Sign Out. */
function AccountLinks() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  if (!user) {
    return (
      <>
        <li>
          <Link to="/signin" className={LINK_CLASS}>
            {t("footer.links.signIn")}
          </Link>
        </li>
        <li>
          <Link to="/signup" className={LINK_CLASS}>
            {t("footer.links.signUp")}
          </Link>
        </li>
      </>
    );
  }
  return (
    <>
      <li>
        <Link to="/chat?settings=account" className={LINK_CLASS}>
          {t("footer.links.account")}
        </Link>
      </li>
      <li>
        <SignOutButton className={LINK_CLASS}>{t("footer.links.signOut")}</SignOutButton>
      </li>
    </>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-zinc-800 px-4 py-12">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-zinc-400">{t("footer.tagline")}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(`footer.columns.${column.title}`)}>
            <h2 className="text-sm font-semibold">{t(`footer.columns.${column.title}`)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={LINK_CLASS}>
                    {t(`footer.links.${link.label}`)}
                  </Link>
                </li>
              ))}
              {"account" in column ? <AccountLinks /> : null}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto mt-10 flex max-w-6xl flex-wrap items-center justify-between gap-4">
        <p className="text-xs text-zinc-400">
          {t("footer.copyright", { year: COPYRIGHT_YEAR, version: APP_VERSION })}
        </p>
        <LanguagePicker />
      </div>
    </footer>
  );
}
