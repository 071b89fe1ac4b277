/**
 * The language of the request being served, for code far from the request (the message catalogue, a zod
 * schema's texts). The web sets it around each request from the cookie or Accept-Language (server/app.ts);
 * the root loader replaces it with a signed-in user's choice. Outside a request (the worker, tests) there is
 * none.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readLocaleFrom } from "./translate";

interface RequestLanguage {
  locale: string;
}

const storage = new AsyncLocalStorage<RequestLanguage>();
// translate.ts is shared with the browser, which has no node:async_hooks: it is told where to look.
readLocaleFrom(() => storage.getStore()?.locale);

export function withRequestLanguage<T>(locale: string, fn: () => T): T {
  return storage.run({ locale }, fn);
}

/** The root loader's word on the language, once it knows the user: later loaders and the render use it. */
export function setRequestLanguage(locale: string) {
  const store = storage.getStore();
  if (store) store.locale = locale;
}
