import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False during the server render and while hydrating, true once the page is hydrated (or rendered later). */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
