/**
 * A reply with math: each formula drawn by KaTeX, in its own fonts (their stylesheet is `mathStylesheet`), with
 * MathML beside it for screen readers. A formula is drawn once: a streaming reply re-renders per token, and
 * drawing every formula again (KaTeX's markup through React, thousands of elements) took ~75 ms per token for a
 * reply of 30 formulas. KaTeX's own limits hold for untrusted text: no `\href`, `\url` or `\includegraphics`
 * (trust off), a cap on macro expansion and on every size it is asked for (so nothing drawn reaches further
 * than 10 em out of its line; a display formula also scrolls inside its own box). TeX it cannot read shows as its
 * source, in red.
 */
import katex from "katex";
import { memo } from "react";
import type { Components } from "react-markdown";
import remarkMath from "remark-math";
import {
  classesOf,
  CodeBlock,
  languageOf,
  MarkdownBody,
  textOf,
  type HastLike,
  type MarkdownExtras,
  type Props,
} from "./markdown";
import { withDollarDelimiters } from "./math-delimiters";

const DRAWN_LIMIT = 500;
/**
 * The largest size a reply's TeX may ask for (\rule, \kern, \hspace…), in em: `\rule{3000em}{3000em}` drew a
 * box over the whole page, shared links included. 10 em is a wide matrix's gap; nothing a formula needs is larger.
 */
export const MATH_MAX_SIZE_EM = 10;
/** Macro expansions per formula: KaTeX's own default (1000), written down so it is a decision, not an accident. */
const MATH_MAX_EXPAND = 1000;
const drawn = new Map<string, string>();

/** KaTeX's markup for a formula, kept for the next render (the oldest dropped past DRAWN_LIMIT). */
function drawFormula(tex: string, display: boolean): string {
  const key = `${display ? "D" : "I"}${tex}`;
  let html = drawn.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      strict: "ignore",
      maxSize: MATH_MAX_SIZE_EM,
      maxExpand: MATH_MAX_EXPAND,
      // A red that reads on both themes' backgrounds (tailwind.config.ts's palette).
      errorColor: "rgb(var(--c-red-300))",
    });
    if (drawn.size >= DRAWN_LIMIT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, html);
  }
  return html;
}

/** KaTeX escapes the TeX it draws and, with trust off, makes no link, id, class or style of the reply's. */
const Formula = memo(function Formula({ tex, display }: { tex: string; display: boolean }) {
  const html = { __html: drawFormula(tex, display) };
  // A display formula wider than the reply scrolls sideways (CSS), so it is a tab stop for the keyboard too.
  return display ? (
    <div className="math-display" tabIndex={0} dangerouslySetInnerHTML={html} />
  ) : (
    <span dangerouslySetInnerHTML={html} />
  );
});

/** remark-math's display formulas and ```math blocks are code blocks in the language `math`. */
function DisplayMathOrCode(props: Props<"pre">) {
  const pre = props.node as HastLike | undefined;
  if (languageOf(pre) !== "math") return <CodeBlock {...props} />;
  return <Formula tex={textOf(pre)} display />;
}

/** remark-math's inline formulas are a `code` of class math-inline. */
function InlineMathOrCode({ node, ...props }: Props<"code">) {
  if (!classesOf(node as HastLike | undefined).includes("math-inline")) return <code {...props} />;
  return <Formula tex={textOf(node as HastLike | undefined)} display={false} />;
}

const mathExtras: MarkdownExtras = {
  remark: [[remarkMath, { singleDollarTextMath: false }]],
  components: { pre: DisplayMathOrCode, code: InlineMathOrCode } satisfies Components,
};

export default function MathMarkdown({ text }: { text: string }) {
  return <MarkdownBody text={withDollarDelimiters(text)} extra={mathExtras} />;
}

/** For a renderer that draws math in place rather than loading it (entry.server, tests). */
export const renderMath = (text: string) => <MathMarkdown text={text} />;
