import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PublicHeader } from "~/components/public-header";
import { ToastProvider } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { publicSessionUser } from "~/modules/auth/session.server";
import { getSessionUser } from "~/routes-support/auth.server";
import { readTheme } from "~/routes-support/theme.server";
import { messages } from "~/modules/texts/catalogue";
import { directionOf } from "~/modules/i18n/languages";
import { pageLocale } from "~/modules/i18n/locale.server";
import { currentLocale, translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { readToast } from "~/routes-support/toast.server";
import { useNonce } from "~/utils/nonce";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

export const meta: MetaFunction = ({ error }) => [
  {
    title: isNotFound(error)
      ? translate("common:errorPage.notFoundMetaTitle")
      : translate("common:meta.title"),
  },
  { name: "description", content: translate("common:meta.description") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [session, { toast, headers }] = await Promise.all([
    getSessionUser(request),
    readToast(request, context),
  ]);
  const { locale, setCookie } = await pageLocale(request.headers.get("Cookie"), db(), session?.user.id);
  const responseHeaders = new Headers(headers ?? undefined);
  if (setCookie) responseHeaders.append("Set-Cookie", setCookie);
  return data(
    { user: publicSessionUser(session), toast, theme: readTheme(request), locale },
    { headers: responseHeaders },
  );
}

export type RootData = typeof loader;

/** The signed-in user as the root loader saw it, from any route. */
export function useOptionalUser() {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}

/**
 * Styles for a page without JavaScript. Nothing can dismiss a toast: it fades out after 5 s (docs/product.md §2).
 * Nothing scrolls a chat to its latest reply: its thread is laid out from the end, so it opens there (the thread's
 * list says how it keeps a short chat at the top). Nothing tells the public header the page has scrolled: it is
 * solid from the start, or the page would scroll under a see-through header. No ">" in these rules: React
 * escapes it in a style's text.
 */
const NO_SCRIPT_STYLES =
  "[data-toast-type]{animation:toast-expire 300ms ease-in 5s forwards}" +
  "@keyframes toast-expire{to{opacity:0;visibility:hidden}}" +
  "[data-opens-at-end]{display:flex;flex-direction:column-reverse}" +
  "[data-solid]{background-color:rgb(var(--c-zinc-950));border-bottom:1px solid rgb(var(--c-zinc-800))}";

export function Layout({ children }: { children: ReactNode }) {
  // The theme cookie, read by the root loader, so the first byte has the right colours (no flash).
  const rootData = useRouteLoaderData<RootData>("root");
  const theme = rootData?.theme ?? "dark";
  // Without root data (an error before the root loader ran) the page keeps the language it was rendered in.
  const { i18n } = useTranslation();
  const locale = rootData?.locale ?? currentLocale();
  useEffect(() => {
    // Failing to load a language leaves the page in the one it has, and the browser's error report says why.
    if (i18n.language !== locale) i18n.changeLanguage(locale).catch(reportError);
  }, [i18n, locale]);
  const nonce = useNonce();
  return (
    <html lang={locale} dir={directionOf(locale)} className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <noscript>
          <style>{NO_SCRIPT_STYLES}</style>
        </noscript>
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Only a signed-in page listens for live events, and only once hydrated (it draws nothing): its code, and zod's
 * that parses the events, load then, not with every visitor's page.
 */
const LiveEvents = lazy(() =>
  import("~/components/live-events").then(({ LiveEvents }) => ({ default: LiveEvents })),
);

export default function App() {
  const { toast, user } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <ToastProvider serverToast={toast}>
      {user && hydrated ? (
        <Suspense fallback={null}>
          <LiveEvents />
        </Suspense>
      ) : null}
      <Outlet />
    </ToastProvider>
  );
}

/**
 * Any page that fails: the site header (so the visitor is still somewhere they know) and the ways back — the
 * home page, and the chat for a signed-in user.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const user = useOptionalUser();
  const { t } = useTranslation();
  const notFound = isNotFound(error);
  return (
    <>
      <PublicHeader />
      <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-bold">
          {notFound ? t("errorPage.notFoundTitle") : t("errorPage.errorTitle")}
        </h1>
        <p className="text-zinc-400">
          {notFound ? t("errorPage.notFoundText") : messages.somethingWentWrong}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href="/" className="btn-primary">
            {t("errorPage.home")}
          </a>
          {user ? (
            <a href="/chat" className="btn-secondary">
              {t("errorPage.backToChat")}
            </a>
          ) : null}
        </div>
      </main>
    </>
  );
}
