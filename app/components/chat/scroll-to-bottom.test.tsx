import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { distanceFromBottom, ScrollToBottom, shouldShowScrollButton } from "./scroll-to-bottom";

describe("scroll-to-bottom button", () => {
  it("shows only when the bottom is more than 100 px away and there are more than 3 messages", () => {
    expect(shouldShowScrollButton(101, 4)).toBe(true);
    expect(shouldShowScrollButton(100, 4)).toBe(false);
    expect(shouldShowScrollButton(500, 3)).toBe(false);
    expect(shouldShowScrollButton(0, 50)).toBe(false);
  });

  it("measures how far the bottom is out of view", () => {
    expect(distanceFromBottom({ scrollHeight: 2000, scrollTop: 500, clientHeight: 800 })).toBe(700);
    expect(distanceFromBottom({ scrollHeight: 2000, scrollTop: 1200, clientHeight: 800 })).toBe(0);
  });

  it("renders nothing on the server (it needs JavaScript)", () => {
    expect(renderToStaticMarkup(<ScrollToBottom containerRef={createRef()} messageCount={10} />)).toBe("");
  });
});
