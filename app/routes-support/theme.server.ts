/**
 * The colour theme lives in a plain `theme=dark|light` cookie, so the server renders the right `<html class>`
 * on the first byte (no flash) and a form post can change it without JavaScript. Not signed: it is a display
 * preference, and anything but a known value reads as the default.
 */
import { DEFAULT_THEME, THEMES, type Theme } from "~/modules/settings/settings-schemas";

const COOKIE = "theme";
const ONE_YEAR_S = 365 * 24 * 3600;

export function readTheme(request: Request): Theme {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== COOKIE) continue;
    const value = rest.join("=").trim();
    if ((THEMES as readonly string[]).includes(value)) return value as Theme;
  }
  return DEFAULT_THEME;
}

export function themeCookie(theme: Theme, { secure }: { secure: boolean }): string {
  return [`${COOKIE}=${theme}`, "Path=/", `Max-Age=${ONE_YEAR_S}`, "SameSite=Lax", secure ? "Secure" : null]
    .filter(Boolean)
    .join("; ");
}
