import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { useZodForm } from "~/components/ui/use-zod-form";

/**
 * A console action that is one button (activate, move, add…): its hidden fields say what it does, and it
 * shows `busyLabel` while a post with exactly those fields is on its way.
 */
export function OneButtonForm({
  formId,
  schema,
  fields,
  label,
  busyLabel,
  ariaLabel,
}: {
  formId: string;
  schema: z.ZodTypeAny;
  fields: Record<string, string | number>;
  label: ReactNode;
  busyLabel?: ReactNode;
  ariaLabel: string;
}) {
  const [form] = useZodForm(schema, { id: formId });
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === String(value));
  return (
    <Form method="post" {...getFormProps(form)}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={pending}
        aria-label={ariaLabel}
      >
        {pending ? (busyLabel ?? label) : label}
      </button>
    </Form>
  );
}
