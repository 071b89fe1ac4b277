import { Link } from "@remix-run/react";

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-bold tracking-tight text-white"
      aria-label="Rogue AI home"
    >
      <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand text-sm">
        R
      </span>
      {compact ? null : <span>Rogue AI</span>}
    </Link>
  );
}
