import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

type InputType = "text" | "email" | "password";

export function Field({
  label,
  meta,
  type,
  autoComplete,
  placeholder,
  inputMode,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type: InputType;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "numeric" | "text";
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-zinc-300">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type })}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        className="input"
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
