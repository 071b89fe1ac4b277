/** The part of Remix's data router's state the page reads outside React's renders. */
export interface RouterState {
  navigation: { state: string; formMethod?: string; formAction?: string; formData?: FormData };
  revalidation: string;
  fetchers: Map<string, { state: string }>;
}

/**
 * The router's state now, not as of the last render: `useNavigation` cannot say it, since an event can come
 * after the router has started a load and before React has rendered that. Remix's browser entry keeps the
 * router on `window.__remixRouter` (RemixBrowser always sets it; elsewhere there is none).
 */
export const routerStateNow = () =>
  (globalThis as { __remixRouter?: { state: RouterState } }).__remixRouter?.state;
