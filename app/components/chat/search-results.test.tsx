import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MARK_END, MARK_START } from "#db/full-text";
import { markedParts } from "~/modules/chats/search.server";
import { Marked } from "./search-results";

const render = (marked: string) => renderToStaticMarkup(<Marked parts={markedParts(marked)} />);

describe("a search result's highlighted text", () => {
  it("marks the matched words and shows a message's markup as text, never as elements", () => {
    const html = render(
      `see <img src=x onerror=alert(1)> ${MARK_START}img${MARK_END} and <b>${MARK_START}bold${MARK_END}</b>`,
    );
    expect(html).toBe(
      '<span>see &lt;img src=x onerror=alert(1)&gt; </span><mark class="rounded-sm bg-brand/40 px-0.5 text-white">img</mark>' +
        '<span> and &lt;b&gt;</span><mark class="rounded-sm bg-brand/40 px-0.5 text-white">bold</mark><span>&lt;/b&gt;</span>',
    );
  });

  it("reads a mark the text itself holds without its end as running to the end", () => {
    expect(markedParts(`a ${MARK_START}b`)).toEqual([
      { text: "a ", hit: false },
      { text: "b", hit: true },
    ]);
    expect(markedParts("")).toEqual([]);
  });
});
