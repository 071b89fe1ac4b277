import type { ReactNode } from "react";

/** One labelled control of a list's GET filter form (it works without JavaScript). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-zinc-400">
        {label}
      </label>
      {children}
    </div>
  );
}
