import { Link } from "@remix-run/react";
import { Logo } from "~/components/logo";
import { settingsText } from "~/modules/settings/settings-messages";
import { useTranslation } from "react-i18next";

const LINKS = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/docs", label: "Documentation" },
  { to: "/about", label: "About us" },
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
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
