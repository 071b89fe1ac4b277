import { RemixBrowser } from "@remix-run/react";
import { lazy, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { MathMarkdownContext } from "~/components/chat/math-context";
import { initClientI18n } from "~/modules/i18n/client";

/** KaTeX's code comes only with the first reply that has math (components/chat/markdown.tsx). */
const LazyMathMarkdown = lazy(() => import("~/components/chat/math-markdown"));
const renderMath = (text: string) => <LazyMathMarkdown text={text} />;

// The server rendered the page in <html lang>'s language: hydrate with the same texts, or React would
// replace them.
initClientI18n(document.documentElement.lang)
  .then((i18n) =>
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18n}>
          <StrictMode>
            <MathMarkdownContext.Provider value={renderMath}>
              <RemixBrowser />
            </MathMarkdownContext.Provider>
          </StrictMode>
        </I18nextProvider>,
      );
    }),
  )
  .catch(reportError);
