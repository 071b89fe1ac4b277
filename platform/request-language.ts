/**
 * The language of the request being served, for code far from the request (the message catalogue, a zod
 * schema's texts). The web sets it around each request from the cookie or Accept-Language; the root loader
 * replaces it with a signed-in user's choice. Outside a request (the worker, tests) there is none.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestLanguage {
  locale: string;
}

// On globalThis: scripts/web.ts sets the store and the bundled server build reads it (see log-context.ts).
const globalStore = globalThis as typeof globalThis & {
  __rogueRequestLanguage?: AsyncLocalStorage<RequestLanguage>;
  __rogueLocale?: () => string | undefined;
};
const storage = (globalStore.__rogueRequestLanguage ??= new AsyncLocalStorage<RequestLanguage>());
// Read by app/modules/i18n/translate.ts, which the browser shares and so cannot import node:async_hooks.
globalStore.__rogueLocale = () => storage.getStore()?.locale;

export function withRequestLanguage<T>(locale: string, fn: () => T): T {
  return storage.run({ locale }, fn);
}

/** The root loader's word on the language, once it knows the user: later loaders and the render use it. */
export function setRequestLanguage(locale: string) {
  const store = storage.getStore();
  if (store) store.locale = locale;
}
