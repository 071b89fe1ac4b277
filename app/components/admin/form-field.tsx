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
