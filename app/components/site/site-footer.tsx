import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "~/components/language-picker";
import { Logo } from "~/components/logo";
import { APP_VERSION } from "~/modules/chats/chat-messages";

const COPYRIGHT_YEAR = 2026;

/** The footer's columns; their words are common.json's footer.columns and footer.links. */
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
    links: [
      { to: "/about", label: "about" },
      { to: "/signin", label: "signIn" },
      { to: "/signup", label: "signUp" },
    ],
  },
] as const;

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
                  <Link to={link.to} className="text-zinc-400 hover:text-white">
                    {t(`footer.links.${link.label}`)}
                  </Link>
                </li>
              ))}
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
