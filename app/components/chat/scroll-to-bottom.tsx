import { memo, useEffect, useState, type RefObject } from "react";
import { ArrowDownIcon } from "./icons";
import { useTranslation } from "react-i18next";

/** Shown when the bottom is over 100 px out of view and there are over 3 messages (docs/product.md §2). */
export const SCROLL_BUTTON_OFFSET_PX = 100;
export const SCROLL_BUTTON_MIN_MESSAGES = 3;
/** Scroll handling is debounced by 100 ms (docs/product.md §2). */
export const SCROLL_DEBOUNCE_MS = 100;

export function distanceFromBottom(
  element: Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">,
) {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

export function shouldShowScrollButton(distance: number, messageCount: number) {
  return distance > SCROLL_BUTTON_OFFSET_PX && messageCount > SCROLL_BUTTON_MIN_MESSAGES;
}

/**
 * A floating "scroll to bottom" button for the message list in `containerRef` (the scrolling element).
 * Place it in a `relative` box that wraps the scrolling element (not inside it): it floats at the bottom
 * centre of that box. It checks again on scroll, on resize and while the content grows (a streaming reply),
 * each debounced. JavaScript only: the server renders nothing. Memoized: it has nothing to change when the chat
 * re-renders for a reply's first token.
 */
export const ScrollToBottom = memo(function ScrollToBottom({
  containerRef,
  messageCount,
}: {
  containerRef: RefObject<HTMLElement>;
  messageCount: number;
}) {
  const { t } = useTranslation("chat");
  const [distance, setDistance] = useState(0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => setDistance(distanceFromBottom(container));
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, SCROLL_DEBOUNCE_MS);
    };
    measure();
    container.addEventListener("scroll", schedule, { passive: true });
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(schedule);
    resize?.observe(container);
    for (const child of Array.from(container.children)) resize?.observe(child);
    return () => {
      clearTimeout(timer);
      container.removeEventListener("scroll", schedule);
      resize?.disconnect();
    };
  }, [containerRef, messageCount]);

  if (!shouldShowScrollButton(distance, messageCount)) return null;

  const scrollDown = () => {
    const container = containerRef.current;
    if (!container) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    container.scrollTo({ top: container.scrollHeight, behavior: smooth ? "smooth" : "auto" });
  };

  return (
    <button
      type="button"
      onClick={scrollDown}
      aria-label={t("scrollToBottom")}
      title={t("scrollToBottom")}
      className="absolute bottom-4 left-1/2 z-10 inline-flex h-9 w-9 -translate-x-1/2 items-center justify-center rounded-full border border-zinc-700 bg-zinc-900/95 text-zinc-200 shadow-lg transition hover:bg-zinc-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light"
    >
      <ArrowDownIcon />
    </button>
  );
});
