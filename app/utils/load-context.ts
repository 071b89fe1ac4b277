import type { Toast } from "~/modules/toast/toast";

/** What the Express server passes to every loader and action (a new one for each request). */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's IP: behind TRUST_PROXY the one the trusted proxies saw; for rate limits and the audit log. */
    clientIp: string;
    /** Set by an action for the page rendered by the same request (`toastThisPage`), read by the root loader. */
    pageToast?: Toast;
  }
}

export {};
