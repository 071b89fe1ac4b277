import { z } from "zod";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["default", "destructive", "success", "warning", "info"]).default("default"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;
