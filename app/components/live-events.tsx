import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";
import { useToast } from "~/components/ui/toaster";
import { adminToasts } from "~/modules/errors/catalogue";
import { realtimeEventSchema } from "~/modules/realtime/events";

/**
 * Listens on GET /api/events while a signed-in page is open: a vendor switch or catalogue change toasts and
 * reloads the page's data; a role change re-runs the loaders (so the admin check runs again); a ban signs out.
 */
export function LiveEvents() {
  const show = useToast();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const source = new EventSource("/api/events");
    const handle = (message: MessageEvent<string>) => {
      let parsed;
      try {
        parsed = realtimeEventSchema.safeParse(JSON.parse(message.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === "user-banned") {
        window.location.assign("/signin");
        return;
      }
      if (event.type === "vendor-changed")
        show({ type: "info", ...adminToasts.vendorChanged(event.displayName) });
      if (event.type === "models-updated") show({ type: "info", ...adminToasts.modelsUpdated });
      revalidate();
    };
    for (const type of ["vendor-changed", "models-updated", "roles-changed", "user-banned"]) {
      source.addEventListener(type, handle);
    }
    return () => source.close();
  }, [show, revalidate]);
  return null;
}
