/**
 * docs/product.md §2: variants, at most 5 at once, 5 s by default. Apart from the zod schema so the toaster,
 * on every page, does not bring zod into the browser bundle of pages without forms.
 */
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5_000;
