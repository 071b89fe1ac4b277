import { useEffect, useState } from "react";
import { Markdown } from "./markdown";

/** A reply's usual parts, so that the code for each has run once: a paragraph, emphasis, a list, a link, code. */
const SAMPLE_REPLY = [
  "Here is **a short answer** with `code`:",
  "- a [link](https://example.com)\n- a point",
  "```js\nconst answer = 42;\n```",
].join("\n\n");

/** When the page's main thread is next idle (Safari has no `requestIdleCallback`: a task, then). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * A new chat's first reply is the first Markdown this page renders, and the Markdown pipeline's first run (its
 * code not yet compiled) held that reply's first token back by ~8 ms. Once the page is
 * idle after loading, or as soon as the user types, this renders a sample reply once, hidden, and removes it.
 * It is not a message: no list item, nothing a reader or the chat's own code would count.
 */
export function WarmMarkdown() {
  const [phase, setPhase] = useState<"waiting" | "rendering" | "done">("waiting");
  useEffect(() => {
    if (phase === "done") return;
    // Rendered once, it goes at the next idle moment: the render was all it was for.
    const next = () => setPhase(phase === "waiting" ? "rendering" : "done");
    const cancelIdle = whenIdle(next);
    if (phase === "rendering") return cancelIdle;
    // Typing says a reply is coming: a send made before the page's first idle moment would otherwise empty the
    // screen first (this goes with it) and render its reply's Markdown cold.
    document.addEventListener("input", next, { once: true });
    return () => {
      cancelIdle();
      document.removeEventListener("input", next);
    };
  }, [phase]);
  if (phase !== "rendering") return null;
  return (
    <div hidden aria-hidden data-testid="warm-markdown">
      <Markdown text={SAMPLE_REPLY} />
    </div>
  );
}
