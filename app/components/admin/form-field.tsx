import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { ErrorList } from "~/components/ui/field";

/** A labelled control of a console form with its errors under it: the control is the child. */
export function FormField({
  label,
  field,
  className,
  children,
}: {
  label: ReactNode;
  field: { id: string; errorId?: string; errors?: string[] };
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm text-zinc-400">
        {label}
      </label>
      {children}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A console form's text, number or e-mail field. */
export function InputField<Schema>({
  label,
  field,
  type,
  className,
}: {
  label: string;
  field: FieldMetadata<Schema>;
  type: "text" | "number" | "email";
  className?: string;
}) {
  return (
    <FormField label={label} field={field} className={className}>
      <input {...getInputProps(field, { type })} className="input" />
    </FormField>
  );
}

/** A select's `options` ([value, label] pairs), after a first empty-valued option if `blank` names one. */
export function SelectOptions({
  options,
  blank,
}: {
  options: (readonly [string | number, string])[];
  blank?: string;
}) {
  return (
    <>
      {blank === undefined ? null : <option value="">{blank}</option>}
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </>
  );
}

/** A console form's choice among `options`, after a first "choose" option if given. */
export function SelectField<Schema>({
  label,
  field,
  options,
  choose,
}: {
  label: string;
  field: FieldMetadata<Schema>;
  options: (readonly [string | number, string])[];
  choose?: string;
}) {
  return (
    <FormField label={label} field={field}>
      <select {...getSelectProps(field)} className="input">
        <SelectOptions options={options} blank={choose} />
      </select>
    </FormField>
  );
}
