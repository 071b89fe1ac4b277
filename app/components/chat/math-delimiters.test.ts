import { describe, expect, it } from "vitest";
import { hasMath, withDollarDelimiters } from "./math-delimiters";

describe("hasMath", () => {
  it.each([
    ["$$x^2$$", true],
    ["where \\(x > 0\\)", true],
    ["\\[\nE = mc^2\n\\]", true],
    ["```math\na^2\n```", true],
    ["It costs $5, or $10 with tax.", false],
    ["Plain text (with brackets) [and more].", false],
  ])("%j → %s", (text, expected) => {
    expect(hasMath(text)).toBe(expected);
  });
});

describe("withDollarDelimiters", () => {
  it("puts display math alone on its lines between $$ fences", () => {
    expect(withDollarDelimiters("Energy:\n\\[ E = mc^2 \\]\nDone.")).toBe("Energy:\n$$\nE = mc^2\n$$\nDone.");
    expect(withDollarDelimiters("\\[\n  a + b\n\\]")).toBe("$$\na + b\n$$");
  });

  it("keeps a list item's or quote's lead before display math", () => {
    expect(withDollarDelimiters("1. \\[x^2\\]")).toBe("1. $$\n   x^2\n   $$");
    expect(withDollarDelimiters("> \\[y\\]")).toBe("> $$\n  y\n  $$");
  });

  it("writes inline math, and display math inside a sentence, as $$ text math", () => {
    expect(withDollarDelimiters("Let \\(x = 1\\) and \\[y\\] hold.")).toBe("Let $$x = 1$$ and $$y$$ hold.");
    expect(withDollarDelimiters("\\[a\\] and \\[b\\]")).toBe("$$a$$ and $$b$$");
  });

  it("leaves code as it is: fenced blocks, unterminated fences and inline spans", () => {
    const fenced = "```regex\n\\(a\\)\\[b\\]\n```\nthen \\(c\\)";
    expect(withDollarDelimiters(fenced)).toBe("```regex\n\\(a\\)\\[b\\]\n```\nthen $$c$$");
    expect(withDollarDelimiters("`\\(x\\)` but \\(y\\)")).toBe("`\\(x\\)` but $$y$$");
    expect(withDollarDelimiters("\\(a\\)\n~~~\n\\(still code")).toBe("$$a$$\n~~~\n\\(still code");
  });

  it("leaves money and unclosed delimiters alone", () => {
    expect(withDollarDelimiters("$5 and $10, \\(unclosed")).toBe("$5 and $10, \\(unclosed");
  });
});
