import type { Toast } from "~/modules/toast/toast";

/** What the Express server passes to every loader and action (a new one for each request). */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's IP (from X-Forwarded-For only when TRUST_PROXY is on); used for sign-in rate limits. */
    clientIp: string;
    /** Set by an action for the page rendered by the same request (`toastThisPage`), read by the root loader. */
    pageToast?: Toast;
  }
}

export {};
