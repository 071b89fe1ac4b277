import { randomBytes } from "node:crypto";

/** A fresh nonce per page: one seen in an old page cannot be reused by an injected script in a new one. */
/** Where Stripe's hosted checkout page lives (the Checkout Session's url). */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export const createNonce = () => randomBytes(16).toString("base64");

/**
 * A page's Content-Security-Policy. Scripts: the app's own files and the inline scripts carrying this page's
 * nonce (a page with none, the queue board, runs files only), never other inline scripts or eval. Styles allow
 * inline `style` attributes (React sets them for widths and colours); they cannot run code. Images and fonts
 * are the app's own or data URLs: replies never load a remote image, and no page asks another site for a font.
 * Nothing may frame the site. Forms post only here, or to Stripe Checkout: the checkout form's answer redirects
 * there when real payments are on, and browsers (Chromium) hold a form's redirects to form-action too.
 */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // blob: the composer's previews of images about to be sent, read from the user's own files.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}`,
    "frame-ancestors 'none'",
  ].join("; ");
}
