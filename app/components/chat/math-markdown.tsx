/**
 * A reply with math: TeX drawn by KaTeX, in its own fonts (their stylesheet is `mathStylesheet`), with MathML
 * beside it for screen readers. KaTeX's own limits hold for untrusted text: no `\href`, `\url` or
 * `\includegraphics` (trust off) and a cap on macro expansion. TeX it cannot read shows as its source.
 */
import rehypeKatex from "rehype-katex";
import remarkMath from "remark-math";
import { visit } from "unist-util-visit";
import { MarkdownBody } from "./markdown";
import { withDollarDelimiters } from "./math-delimiters";

/** Display math wider than the reply scrolls sideways (CSS); a tab stop lets a keyboard scroll it too. */
const focusableDisplayMath = () => (tree: Parameters<typeof visit>[0]) => {
  visit(tree, "element", (node) => {
    const { properties } = node as { properties?: { className?: unknown; tabIndex?: number } };
    const classes = properties?.className;
    if (properties && Array.isArray(classes) && classes.includes("katex-display")) properties.tabIndex = 0;
  });
};

const mathPlugins = {
  remark: [[remarkMath, { singleDollarTextMath: false }]],
  rehype: [
    // TeX it cannot read in a red that reads on both themes' backgrounds (tailwind.config.ts's palette).
    [rehypeKatex, { throwOnError: false, strict: "ignore", errorColor: "rgb(var(--c-red-300))" }],
    focusableDisplayMath,
  ],
} satisfies Parameters<typeof MarkdownBody>[0]["extra"];

export default function MathMarkdown({ text }: { text: string }) {
  return <MarkdownBody text={withDollarDelimiters(text)} extra={mathPlugins} />;
}

/** For a renderer that draws math in place rather than loading it (entry.server, tests). */
export const renderMath = (text: string) => <MathMarkdown text={text} />;
