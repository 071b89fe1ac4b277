/**
 * Whether the sidebar is collapsed to icons, remembered in the `sidebar` cookie. The server reads it so the
 * first paint is already right (no flash); the browser writes it when JavaScript toggles the sidebar, and the
 * layout loader writes it when a visitor without JavaScript follows a `?sidebar=collapse|expand` link.
 * A display preference only: not signed, readable by scripts on purpose.
 */
export const SIDEBAR_COOKIE = "sidebar";
const ONE_YEAR_S = 365 * 24 * 3600;

export type SidebarMode = "collapsed" | "expanded";

export function sidebarModeFromCookie(cookieHeader: string | null | undefined): SidebarMode {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE) return value.join("=") === "collapsed" ? "collapsed" : "expanded";
  }
  return "expanded";
}

/** The Set-Cookie value (server) or document.cookie assignment (browser) that remembers `mode`. */
export function sidebarCookie(mode: SidebarMode, secure = false): string {
  return `${SIDEBAR_COOKIE}=${mode}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** `?sidebar=` values: collapse/expand change the remembered mode; open shows the small-screen overlay. */
export const SIDEBAR_PARAM = "sidebar";
export type SidebarParam = "collapse" | "expand" | "open";
