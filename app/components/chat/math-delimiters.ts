/**
 * Math in a reply. Vendors write TeX between `$$ … $$`, `\[ … \]` (display) and `\( … \)` (inline), or in a
 * ```math block. A single `$` is not math: "$5 and $10" is money far more often than TeX in a chat.
 */

/** Whether `text` may hold math: only then is the math renderer loaded. False positives cost a load, no more. */
export const hasMath = (text: string) => /\$\$|\\\(|\\\[|```math/.test(text);

/**
 * Code that Markdown shows as it is: a fenced block (its fence to its closing fence, or to the end of a reply
 * still being written) or an inline code span. Math delimiters inside it are text.
 */
const CODE =
  /(?:^|\n)[ \t]*(`{3,}|~{3,})[^\n]*(?:\n[\s\S]*?(?:\n[ \t]*\1[`~]*[ \t]*(?=\n|$)|$)|$)|(`+)[\s\S]*?\2/g;

/** `\[ … \]` alone on its lines, with what leads its first line (indentation, a quote or list marker). */
const DISPLAY_ON_ITS_LINES =
  /(^|\n)([ \t>*+-]*(?:\d+[.)][ \t]*)?)\\\[((?:(?!\\\])[\s\S])+)\\\][ \t]*(?=\n|$)/g;
const DISPLAY_IN_TEXT = /\\\[([\s\S]+?)\\\]/g;
const INLINE = /\\\(([\s\S]+?)\\\)/g;

/** Prose with its TeX delimiters as remark-math reads them: display math on lines of its own, inline in `$$`. */
function dollarsInProse(prose: string): string {
  return prose
    .replace(DISPLAY_ON_ITS_LINES, (_, lineStart: string, lead: string, tex: string) => {
      const indent = lead.replace(/\S/g, " ");
      return `${lineStart}${lead}$$\n${indent}${tex.trim()}\n${indent}$$`;
    })
    .replace(DISPLAY_IN_TEXT, (_, tex: string) => `$$${tex.trim()}$$`)
    .replace(INLINE, (_, tex: string) => `$$${tex.trim()}$$`);
}

/** `text` with `\[ \]` and `\( \)` written as `$$`, code left as it is. */
export function withDollarDelimiters(text: string): string {
  let result = "";
  let proseStart = 0;
  for (const code of text.matchAll(CODE)) {
    result += dollarsInProse(text.slice(proseStart, code.index)) + code[0];
    proseStart = code.index + code[0].length;
  }
  return result + dollarsInProse(text.slice(proseStart));
}
