/**
 * The comparison the landing page, /features and /pricing share, so a claim is written once. Its words are in
 * site.json (comparison.*), by the keys below.
 */
export const COMPARISON_ROWS = ["unfiltered", "switching", "noAccount", "noLogs", "media"] as const;

export type Mark = "yes" | "no" | "soon";

/**
 * Our column first, then three kinds of AI product (not named: their terms change more often than this page).
 * 'No Account Required' is the original copy's claim: the demo needs no sign-up, only a click.
 */
export const COMPARISON = [
  { product: "rogue", marks: ["yes", "yes", "yes", "yes", "soon"] },
  { product: "mainstream", marks: ["no", "no", "no", "no", "yes"] },
  { product: "bigTech", marks: ["no", "no", "no", "no", "yes"] },
  { product: "search", marks: ["no", "yes", "no", "no", "no"] },
] as const satisfies { product: string; marks: Mark[] }[];
