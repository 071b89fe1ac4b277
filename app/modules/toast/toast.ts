import { z } from "zod";

/** Variants, at most 5 held at once, 5000 ms by default (docs/product.md §2). */
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5_000;

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["default", "destructive", "success", "warning", "info"]).default("default"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;
