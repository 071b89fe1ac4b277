import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WarmMarkdown } from "./warm-markdown";

describe("WarmMarkdown", () => {
  it("puts nothing in the server's page: the sample renders only in the browser, once it is idle", () => {
    expect(renderToStaticMarkup(<WarmMarkdown />)).toBe("");
  });
});
