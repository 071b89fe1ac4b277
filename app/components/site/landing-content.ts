/** The landing page's live demo: its tabs, in order (their words are in site.json, landing.demo.tabs). */
export const DEMO_TABS = ["text", "images", "code", "characters"] as const;

export type DemoTab = (typeof DEMO_TABS)[number];

export const isDemoTab = (value: unknown): value is DemoTab => DEMO_TABS.includes(value as DemoTab);
