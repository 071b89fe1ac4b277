import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

type ZodFormOptions<Schema extends z.ZodTypeAny> = Omit<
  Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0],
  "constraint" | "onValidate"
>;

/**
 * A Conform form validated by one zod schema on both sides: in the browser once a field has been left (then as
 * the user types), and on the server, whose answer (`lastResult`) shows the same messages without JavaScript.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(schema: Schema, options: ZodFormOptions<Schema>) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...options,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  /*
   * Conform re-renders the form for the errors that the last render read, and each render of the form forgets
   * what its fields read. Right after hydration the page renders once more for a state update that changes
   * nothing: React then skips the fields, so nothing read their errors, and an empty submit on a page opened
   * from the address bar moved the focus but showed no message. Reading every error here keeps the form
   * subscribed whichever render came last.
   */
  void form.allErrors;
  return [form, fields] as const;
}
