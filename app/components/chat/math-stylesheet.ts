import katexStylesheet from "katex/dist/katex.min.css?url";

/**
 * KaTeX's stylesheet, for a route that shows replies: a formula's layout needs it before the page paints,
 * with or without JavaScript. Its fonts load only once a formula uses them.
 */
export const mathStylesheet = { rel: "stylesheet", href: katexStylesheet } as const;
