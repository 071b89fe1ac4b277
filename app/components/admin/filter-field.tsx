import type { ReactNode } from "react";

/** One labelled control of a list's GET filter form (it works without JavaScript). */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
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

/** A choice among `options` ([value, label] pairs), with a first option meaning "no filter". */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: (readonly [string, string])[];
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""} className="input">
        <option value="">{anyLabel}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
