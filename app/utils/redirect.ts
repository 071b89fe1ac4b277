/**
 * Only same-site relative paths may be redirect targets: "/chat" yes; "//evil.example", "/\\evil",
 * "https://…" or "javascript:…" no. The decision is made on the normalised form, since "/a/..//evil.example"
 * or "/.//evil.example" become the scheme-relative "//evil.example" once dot segments are resolved.
 * Anything else falls back to `fallback`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  if ([...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const base = "http://same.origin";
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    return isSiteRelativePath(normalised) ? normalised : fallback;
  } catch {
    return fallback;
  }
}

/** A path a browser resolves against this site: one leading slash, not two, not a slash and a backslash. */
function isSiteRelativePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}
