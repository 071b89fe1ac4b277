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
      {/* The "R" is drawn by CSS, so the link's visible text is "Rogue AI", which its label contains (a speech
          user says what they see): as text, "R" made the visible words "RRogue AI", missing from the label. */}
      <span
        aria-hidden
        className="grid h-8 w-8 place-items-center rounded-lg bg-brand text-sm before:content-['R']"
      />
      {compact ? null : <span>Rogue AI</span>}
    </Link>
  );
}
