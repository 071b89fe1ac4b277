/** What the Express server passes to every loader and action. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's IP (from X-Forwarded-For only when TRUST_PROXY is on); used for sign-in rate limits. */
    clientIp: string;
  }
}

export {};
