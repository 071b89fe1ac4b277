import type { Response } from "express";

/**
 * Sets headers every answer carries unless its route says otherwise (the security headers, the signed-in
 * Cache-Control). Remix's Express adapter adds each header of a route's own answer with `res.append`, which
 * would send a header set both here and by the route twice (two Cache-Control, two X-Content-Type-Options),
 * leaving caches and browsers to pick one. So the route's value replaces the default here, and a route's Vary
 * joins the one Vary header the server started (res.vary) rather than adding a second.
 */
export function setDefaultHeaders(res: Response, defaults: Record<string, string>): void {
  res.set(defaults);
  const replaceable = new Set(Object.keys(defaults).map((name) => name.toLowerCase()));
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => {
    const name = field.toLowerCase();
    if (name === "vary" && value !== undefined) return res.vary(String(value));
    // Only the route's first value replaces the default; a header it adds twice keeps both.
    if (replaceable.delete(name)) return res.set(field, value);
    return append(field, value);
  };
}
