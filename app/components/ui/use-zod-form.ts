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
  return useForm<z.input<Schema>, z.output<Schema>>({
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...options,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
