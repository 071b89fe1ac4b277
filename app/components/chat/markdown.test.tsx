import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import katex from "katex";
import { describe, expect, it, vi } from "vitest";
import { ensureI18n } from "~/modules/i18n/translate";
import { Markdown, safeUrl } from "./markdown";
import { MathMarkdownContext } from "./math-context";
import { MATH_MAX_SIZE_EM, renderMath } from "./math-markdown";

// English, with math drawn in place, as the server renders for a browser that asks for nothing else.
const render = (text: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={ensureI18n()}>
      <MathMarkdownContext.Provider value={renderMath}>
        <Markdown text={text} />
      </MathMarkdownContext.Provider>
    </I18nextProvider>,
  );

/** The markup as a document, to ask what a reader would see. */
function parse(html: string) {
  // No DOM in this test environment: small, explicit string checks instead.
  return {
    html,
    count: (pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0,
  };
}

describe("Markdown", () => {
  it("renders a GitHub table as a table with its header and cells", () => {
    const { html, count } = parse(render("| Model | Size |\n|---|---:|\n| Llama | 8B |\n| Qwen | 72B |"));
    expect(count(/<table>/)).toBe(1);
    expect(html).toContain("<thead><tr><th>Model</th>");
    expect(count(/<tr>/)).toBe(3);
    expect(html).toContain("<td>Qwen</td>");
  });

  it("renders a fenced code block highlighted, labelled with its language, with a copy button", () => {
    const { html } = parse(render("Here:\n\n```ts\nconst answer = 42;\n```"));
    expect(html).toMatch(/<pre[^>]*><code class="hljs language-ts">/);
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-number">42</span>');
    expect(html).toContain('data-language="ts"');
    // The copy button is there, hidden until JavaScript has hydrated the page.
    expect(html).toMatch(/<button type="button" class="icon-btn" hidden="" aria-label="Copy code"/);
  });

  it("shows raw HTML from a reply as text: no img element, no script element, no handler", () => {
    const html = render('Look <img src=x onerror="alert(1)"> and <script>alert(2)</script> done');
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[^>]*\sonerror=/i);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("shows HTML blocks as text too", () => {
    const html = render('<div onclick="steal()">\n<iframe src="https://evil.example"></iframe>\n</div>');
    expect(html).not.toMatch(/<(div|iframe)[^>]*onclick|<iframe/i);
    expect(html).toContain("&lt;iframe");
  });

  it("neutralises javascript: and data: links: their text stays, no href", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
    ]) {
      const html = render(`[click me](${url.replace(/[()]/g, "\\$&")})`);
      expect(html, url).toContain("click me");
      expect(html, url).not.toMatch(/<a\b/);
      expect(html, url).not.toMatch(/href=/);
    }
  });

  it("opens safe links in a new tab with rel noopener noreferrer nofollow", () => {
    const html = render("See [the docs](https://example.com/docs) or https://example.org");
    expect(html).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow">the docs</a>',
    );
    expect(html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">',
    );
  });

  it("does not load images: it links to them instead", () => {
    const html = render("![a chart](https://tracker.example/pixel.png)");
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('href="https://tracker.example/pixel.png"');
    expect(html).toContain("a chart");
  });

  it("renders an unterminated code fence (a reply mid-stream) as a code block, the text after it inside", () => {
    const html = render("Start\n\n```python\ndef f():\n    return 1");
    expect(html).toMatch(/<p>Start<\/p>/);
    expect(html).toMatch(/<pre[^>]*><code class="hljs language-python">/);
    expect(html).toContain("return");
    expect(html.match(/<pre/g)).toHaveLength(1);
  });

  it("keeps GFM strikethrough and task lists", () => {
    const html = render("~~old~~\n\n- [x] done\n- [ ] todo");
    expect(html).toContain("<del>old</del>");
    expect(html).toMatch(/<input type="checkbox" disabled="" checked=""\/?>/);
  });
});

describe("safeUrl", () => {
  it("allows http(s), mailto and relative URLs", () => {
    for (const url of [
      "https://a.example",
      "http://a.example/x?y#z",
      "mailto:a@b.example",
      "/chat",
      "#fn-1",
      "docs/x",
    ])
      expect(safeUrl(url), url).toBe(url);
  });
  it("refuses script and data schemes, however they are spelled", () => {
    for (const url of [
      "javascript:x",
      " javascript:x",
      "JAVASCRIPT:x",
      "jav\nascript:x",
      "data:x",
      "file:///etc/passwd",
    ])
      expect(safeUrl(url), url).toBeNull();
  });
});

describe("math", () => {
  it("draws display and inline math as MathML, its TeX kept as the annotation", () => {
    const { html, count } = parse(
      render("Energy:\n\n\\[ E = mc^2 \\]\n\nwhere \\(c\\) is light's speed, $$v$$ too."),
    );
    expect(count(/<math /)).toBe(3);
    expect(count(/<math [^>]*display="block"/)).toBe(1);
    expect(html).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
    expect(html).toContain("<msup><mi>c</mi><mn>2</mn></msup>");
    expect(html).not.toContain("\\[");
  });

  it("draws a ```math block as display math", () => {
    const { count } = parse(render("```math\n\\frac{a}{b}\n```"));
    expect(count(/<math [^>]*display="block"/)).toBe(1);
    expect(count(/<mfrac>/)).toBe(1);
  });

  it("leaves single dollars as money and math delimiters inside code as code", () => {
    const { html, count } = parse(render("It costs $5, or $10 with tax; `\\(x\\)` and $$y$$."));
    expect(html).toContain("It costs $5, or $10 with tax;");
    expect(html).toContain("<code>\\(x\\)</code>");
    expect(count(/<math /)).toBe(1);
  });

  it("shows TeX it cannot read as its source, and refuses links inside math", () => {
    const { html } = parse(render("$$\\frac{1}{$$ and $$\\href{javascript:alert(1)}{x}$$"));
    expect(html).toContain("\\frac{1}{");
    expect(html).not.toMatch(/href="javascript/);
    expect(html).not.toContain("<a ");
  });

  it("caps a formula's sizes and macro expansion: a huge \\rule cannot cover the page", () => {
    const { html } = parse(render("$$\\rule{3000em}{3000em}$$ and \\(\\kern{5000em}x\\)"));
    // What is drawn: the sizes in the styles (the TeX itself is kept, as written, in the MathML's annotation).
    const styles = [...html.matchAll(/style="([^"]*)"/g)].map((match) => match[1]).join(";");
    const sizes = [...styles.matchAll(/(-?[\d.]+)em/g)].map((match) => Math.abs(Number(match[1])));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MATH_MAX_SIZE_EM);
    // A macro that doubles itself 20 times would be a million tokens: refused, shown as its source.
    const bomb =
      "\\def\\a{xx}" +
      Array.from(
        { length: 20 },
        (_, i) => `\\def\\b${i}{\\${i ? `b${i - 1}` : "a"}\\${i ? `b${i - 1}` : "a"}}`,
      ).join("") +
      "\\b19";
    const refused = parse(render(`$$${bomb}$$`)).html;
    expect(refused).toContain('class="katex-error"');
  });

  it("draws each formula once while a reply grows: a streaming reply re-renders per token", () => {
    const draw = vi.spyOn(katex, "renderToString");
    try {
      const reply = "Areas: \\(\\pi r^2\\), then\n\n\\[ \\oint_C \\mathbf{F} \\cdot d\\mathbf{r} \\]\n\nand";
      for (const more of ["", " more", " more words"]) render(reply + more);
      expect(draw).toHaveBeenCalledTimes(2);
    } finally {
      draw.mockRestore();
    }
  });
});
