import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormField, SelectOptions } from "~/components/admin/form-field";

/** A list's filter form: a GET of its fields (the children), so a filtered list is a link. */
export function FilterForm({
  submitLabel,
  role,
  children,
}: {
  submitLabel: string;
  role?: "search";
  children: ReactNode;
}) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role={role}>
      {children}
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
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
    <FormField label={label} field={{ id }}>
      <input id={id} name={name} type={type} defaultValue={value ?? ""} className="input" maxLength={200} />
    </FormField>
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
    <FormField label={label} field={{ id }}>
      <select id={id} name={name} defaultValue={value ?? ""} className="input">
        <SelectOptions options={options} blank={anyLabel} />
      </select>
    </FormField>
  );
}
