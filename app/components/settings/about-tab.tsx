import { Link } from "@remix-run/react";
import { Logo } from "~/components/logo";
import { settingsText } from "~/modules/settings/settings-messages";
import { useTranslation } from "react-i18next";

/** The pages the tab links to, by their key in settings.json's about.links. */
const LINKS = [
  { to: "/features", label: "features" },
  { to: "/pricing", label: "pricing" },
  { to: "/docs", label: "docs" },
  { to: "/about", label: "about" },
] as const;

export function AboutTab() {
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-4 text-sm">
      <div className="flex items-center justify-between">
        <Logo />
        <span className="rounded-full border border-zinc-700 px-2 py-0.5 text-xs text-zinc-300">
          {settingsText.version}
        </span>
      </div>
      <p className="text-zinc-300">{settingsText.about}</p>
      <nav aria-label={t("about.label")}>
        <ul className="grid grid-cols-2 gap-2">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="btn-secondary w-full">
                {t(`about.links.${link.label}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
