import { useCallback, useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useToast } from "~/components/ui/toaster";
import { adminToasts } from "~/modules/texts/catalogue";
import { realtimeEventSchema } from "~/modules/realtime/events";
import { routerStateNow, type RouterState } from "./router-now";

/** What `routerBusy` reads: the router's state, as it is now or as React last rendered it. */
export interface RouterActivity {
  navigation: { state: string };
  revalidation: string;
  fetchers: Iterable<{ state: string }>;
}

/** Whether the router is submitting or loading anything: a navigation, a revalidation or a fetcher. */
export function routerBusy(activity: RouterActivity | undefined): boolean {
  if (!activity) return false;
  if (activity.navigation.state !== "idle" || activity.revalidation !== "idle") return true;
  for (const fetcher of activity.fetchers) if (fetcher.state !== "idle") return true;
  return false;
}

const activityNow = (state: RouterState | undefined): RouterActivity | undefined =>
  state && { ...state, fetchers: state.fetchers.values() };

/**
 * Listens on GET /api/events while a signed-in page is open: a vendor switch or catalogue change toasts and
 * reloads the page's data; a role change re-runs the loaders (so the admin check runs again); a ban signs out.
 */
export function LiveEvents() {
  const show = useToast();
  const { revalidate, state: revalidation } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const pending = useRef(false);

  // The reload waits until the router has nothing under way: revalidating in the middle of a load aborts
  // it, and an aborted load may already have taken the one-time toast cookie (an admin's own change lost its
  // "Saved"). A navigation's loaders run after the change anyway; the reload after it is for the rare one
  // that read the data just before. The rendered state says when to look again; the router's own says
  // whether it is really idle (tests/e2e/admin-screens.spec.ts, the toast that survives a live change).
  const settled = !routerBusy({ navigation, revalidation, fetchers });
  const reloadWhenIdle = useCallback(() => {
    pending.current = routerBusy(activityNow(routerStateNow()));
    if (!pending.current) revalidate();
  }, [revalidate]);
  useEffect(() => {
    if (settled && pending.current) reloadWhenIdle();
  }, [settled, reloadWhenIdle]);

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
      reloadWhenIdle();
    };
    for (const type of ["vendor-changed", "models-updated", "roles-changed", "user-banned"]) {
      source.addEventListener(type, handle);
    }
    return () => source.close();
  }, [show, reloadWhenIdle]);
  return null;
}
