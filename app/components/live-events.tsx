import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "@remix-run/react";
import { useToast } from "~/components/ui/toaster";
import { adminToasts } from "~/modules/errors/catalogue";
import { realtimeEventSchema } from "~/modules/realtime/events";

/**
 * Listens on GET /api/events while a signed-in page is open: a vendor switch or catalogue change toasts and
 * reloads the page's data; a role change re-runs the loaders (so the admin check runs again); a ban signs out.
 */
export function LiveEvents() {
  const show = useToast();
  const { revalidate, state: revalidation } = useRevalidator();
  const navigation = useNavigation();
  const pending = useRef(false);
  const settledNow = useRef(true);

  // The reload waits for the page's own navigation: revalidating in the middle of one aborts its loads, and
  // an aborted load may already have taken the one-time toast cookie (an admin's own change lost its
  // "Saved"). A navigation's loaders run after the change anyway; the reload after it is for the rare one
  // that read the data just before.
  const settled = navigation.state === "idle" && revalidation === "idle";
  useEffect(() => {
    settledNow.current = settled;
    if (!settled || !pending.current) return;
    pending.current = false;
    revalidate();
  }, [settled, revalidate]);

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
      if (settledNow.current) revalidate();
      else pending.current = true;
    };
    for (const type of ["vendor-changed", "models-updated", "roles-changed", "user-banned"]) {
      source.addEventListener(type, handle);
    }
    return () => source.close();
  }, [show, revalidate]);
  return null;
}
