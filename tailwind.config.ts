/**
 * Light and dark themes from one set of class names: every palette colour is a CSS variable (`r g b`
 * channels, so `bg-zinc-900/60` still works). `:root` holds the dark values the app was designed in; `html.light`
 * swaps them, so `bg-zinc-950` / `text-zinc-100` / `text-white` become a light page with dark text, and the dark
 * tints of alerts and toasts (`bg-red-950`, `text-emerald-300`) become light tints with dark text. `black` stays
 * black: it is used for overlays that dim the page in either theme.
 */
import type { Config } from "tailwindcss";
import colors from "tailwindcss/colors";
import plugin from "tailwindcss/plugin";

const SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
type Shade = (typeof SHADES)[number];
type Palette = Record<Shade, string>;

/** A tint mirrored across the scale: 50 ↔ 950, 100 ↔ 900 … 500 stays. */
const mirrored = (shade: Shade) =>
  (shade === "50" ? "950" : shade === "950" ? "50" : String(1000 - Number(shade))) as Shade;

/** Greys invert fully: the page background (950) becomes white, the brightest text (50) near-black. */
const NEUTRALS = ["slate", "gray", "zinc", "neutral", "stone"] as const;
const neutralLight = (shade: Shade): Shade | "white" => (shade === "950" ? "white" : mirrored(shade));

/**
 * Colours swap their tints (dark backgrounds ↔ pale ones, pale text ↔ dark text) but keep the saturated middle
 * (500–700: buttons, badges, borders) as it is.
 */
const HUES = [
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
] as const;
/** Where a saturated background keeps `text-white` white in the light theme. */
const SOLID_SHADES: readonly Shade[] = ["500", "600", "700"];
const hueLight = (shade: Shade): Shade => (SOLID_SHADES.includes(shade) ? shade : mirrored(shade));

const BRAND = { DEFAULT: "#e11d48", dark: "#be123c", light: "#fb7185" };
/** In the light theme the light brand tint (links, focus rings) is too pale on white: use the brand itself. */
const BRAND_LIGHT_ON_LIGHT = BRAND.DEFAULT;

const channels = (hex: string) => {
  const value = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)).join(" ");
};
const cssVar = (name: string) => `--c-${name}`;
const varColor = (name: string) => `rgb(var(${cssVar(name)}) / <alpha-value>)`;

const allPalettes = [...NEUTRALS, ...HUES];
const paletteOf = (name: (typeof allPalettes)[number]) => colors[name] as Palette;

const themedColors = Object.fromEntries(
  allPalettes.map((name) => [
    name,
    Object.fromEntries(SHADES.map((shade) => [shade, varColor(`${name}-${shade}`)])),
  ]),
);

function themeVariables() {
  const dark: Record<string, string> = {
    [cssVar("white")]: channels("#ffffff"),
    [cssVar("brand")]: channels(BRAND.DEFAULT),
    [cssVar("brand-dark")]: channels(BRAND.dark),
    [cssVar("brand-light")]: channels(BRAND.light),
  };
  const light: Record<string, string> = {
    [cssVar("white")]: channels(colors.zinc[950]),
    [cssVar("brand-light")]: channels(BRAND_LIGHT_ON_LIGHT),
  };
  for (const name of allPalettes) {
    const palette = paletteOf(name);
    const isNeutral = (NEUTRALS as readonly string[]).includes(name);
    for (const shade of SHADES) {
      dark[cssVar(`${name}-${shade}`)] = channels(palette[shade]);
      const target = isNeutral ? neutralLight(shade) : hueLight(shade);
      light[cssVar(`${name}-${shade}`)] = channels(target === "white" ? "#ffffff" : palette[target]);
    }
  }
  return { dark, light };
}

/** Elements with a saturated background: inside them white stays white. */
function solidBackgroundSelector() {
  const escape = (cls: string) => cls.replace(/\//g, "\\/");
  const bases = [
    "brand",
    "brand-dark",
    ...HUES.flatMap((hue) => SOLID_SHADES.map((shade) => `${hue}-${shade}`)),
  ];
  const selectors = bases.flatMap((base) => [
    `.bg-${base}`,
    `.bg-${escape(`${base}/80`)}`,
    `.bg-${escape(`${base}/90`)}`,
    `[class*="from-${base}"]`,
  ]);
  return [".btn-primary", ...selectors].join(",\n");
}

const { dark, light } = themeVariables();

export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      // Tailwind's pulse fades text to half its opacity, below the contrast text needs (axe, 'Thinking...').
      keyframes: { "soft-pulse": { "50%": { opacity: "0.85" } } },
      animation: { "soft-pulse": "soft-pulse 2s cubic-bezier(0.4, 0, 0.6, 1) infinite" },
      colors: {
        ...themedColors,
        white: varColor("white"),
        brand: {
          DEFAULT: varColor("brand"),
          dark: varColor("brand-dark"),
          light: varColor("brand-light"),
        },
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      addBase({
        ":root": dark,
        "html.light": light,
        // Zero specificity: any text colour class on the element still wins; inherited dark text does not.
        [`:where(html.light) :where(${solidBackgroundSelector()})`]: {
          [cssVar("white")]: channels("#ffffff"),
          color: "rgb(255 255 255)",
        },
      });
    }),
  ],
} satisfies Config;
