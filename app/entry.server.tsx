import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MathMarkdownContext } from "~/components/chat/math-context";
import { renderMath } from "~/components/chat/math-markdown";
import { i18n } from "~/modules/i18n/resources.server";
import { currentLocale } from "~/modules/i18n/translate";
import { contentSecurityPolicy, createNonce } from "~/utils/csp.server";
import { pathForLog, webLogger } from "~/utils/logger.server";
import { NonceProvider } from "~/utils/nonce";

const ABORT_DELAY_MS = 5_000;

export const streamTimeout = ABORT_DELAY_MS;

/** Every error a loader, action or render throws is logged once here, with the route it came from. */
export const handleError: HandleErrorFunction = (error, { request, params }) => {
  // A client that went away mid-request is not a failure of ours.
  if (request.signal.aborted) return;
  webLogger().error(
    { err: error, method: request.method, path: pathForLog(new URL(request.url).pathname, params) },
    "request failed",
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  // This request's own instance (sharing the loaded texts): the process serves several languages at once.
  const requestI18n = i18n.cloneInstance({ lng: currentLocale() });
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={requestI18n}>
        <NonceProvider value={nonce}>
          {/* Math drawn in the page itself, not in a part streamed after it (components/chat/markdown.tsx). */}
          <MathMarkdownContext.Provider value={renderMath}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
          </MathMarkdownContext.Provider>
        </NonceProvider>
      </I18nextProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) webLogger().error({ err: error }, "streaming a page failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}
