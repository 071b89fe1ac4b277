/**
 * How a reply with math is drawn, provided by the entries. The server draws it in place (entry.server), so a
 * page without JavaScript shows the math too. KaTeX's code is ~270 KB (80 KB compressed), so the browser
 * (entry.client) loads it only for a reply that has math, and hydration keeps the server's markup until the
 * code is there. Without a provider, the text shows as plain Markdown. A module of its own: entry.client
 * provides it on every page, and importing it from markdown.tsx brought the Markdown renderer and
 * highlight.js (~100 KB compressed) to pages that show no reply, the landing page first.
 */
import { createContext, type ReactNode } from "react";

export const MathMarkdownContext = createContext<((text: string) => ReactNode) | null>(null);
