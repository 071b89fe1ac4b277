import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-bold tracking-tight text-white"
      aria-label={t("logo.home")}
    >
      <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand text-sm">
        R
      </span>
      {compact ? null : <span>Rogue AI</span>}
    </Link>
  );
}
