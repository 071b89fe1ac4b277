import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { initClientI18n } from "~/modules/i18n/client";

// The server rendered the page in <html lang>'s language: hydrate with the same texts, or React would
// replace them.
initClientI18n(document.documentElement.lang)
  .then((i18n) =>
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18n}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    }),
  )
  .catch(reportError);
