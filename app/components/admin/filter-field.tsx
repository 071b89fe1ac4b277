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

/** A free-text filter: `name` in the query string, kept short (the loaders refuse longer ones). */
export function FilterText({
  id,
  name,
  label,
  value,
  type = "text",
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  type?: "text" | "search";
}) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} name={name} type={type} defaultValue={value ?? ""} className="input" maxLength={200} />
    </FilterField>
  );
}
