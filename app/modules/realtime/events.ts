/** Live events admin changes announce to open pages (docs/product.md §1), shared by server and browser. */
import { z } from "zod";

export const REALTIME_CHANNEL = "admin-events";

export const realtimeEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("vendor-changed"), displayName: z.string() }),
  z.object({ type: z.literal("models-updated") }),
  z.object({ type: z.literal("roles-changed"), userId: z.string() }),
  z.object({ type: z.literal("user-banned"), userId: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
