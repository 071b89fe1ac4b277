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
import type { ReactNode } from "react";
import { LiveEvents } from "~/components/live-events";
import { PublicHeader } from "~/components/public-header";
import { ToastProvider } from "~/components/ui/toaster";
import { getSessionUser, publicSessionUser } from "~/modules/auth/session.server";
import { readTheme } from "~/modules/settings/theme.server";
import { messages } from "~/modules/errors/catalogue";
import { readToast } from "~/modules/toast/toast.server";
import { useNonce } from "~/utils/nonce";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export const meta: MetaFunction = () => [
  { title: "Rogue AI — Ask Anything. Say Everything." },
  { name: "description", content: "Private, uncensored AI chat with model switching on the fly." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [session, { toast, headers }] = await Promise.all([getSessionUser(request), readToast(request)]);
  return data(
    { user: publicSessionUser(session), toast, theme: readTheme(request) },
    { headers: headers ?? undefined },
  );
}

export type RootData = typeof loader;

/** The signed-in user as the root loader saw it, from any route. */
export function useOptionalUser() {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}

const NO_SCRIPT_TOAST_EXPIRY =
  "[data-toast-type]{animation:toast-expire 300ms ease-in 5s forwards}" +
  "@keyframes toast-expire{to{opacity:0;visibility:hidden}}";

export function Layout({ children }: { children: ReactNode }) {
  // The theme cookie, read by the root loader, so the first byte has the right colours (no flash).
  const theme = useRouteLoaderData<RootData>("root")?.theme ?? "dark";
  const nonce = useNonce();
  return (
    <html lang="en" className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Without JavaScript nothing can dismiss a toast: it fades out after 5 s (docs/product.md §2). */}
        <noscript>
          <style>{NO_SCRIPT_TOAST_EXPIRY}</style>
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

export default function App() {
  const { toast, user } = useLoaderData<typeof loader>();
  return (
    <ToastProvider serverToast={toast}>
      {user ? <LiveEvents /> : null}
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PublicHeader />
      <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-bold">
          {notFound ? "Page not found" : "Unexpected Application Error!"}
        </h1>
        <p className="text-zinc-400">
          {notFound ? "The page you are looking for does not exist." : messages.somethingWentWrong}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href="/" className="btn-primary">
            Go to Home
          </a>
          {user ? (
            <a href="/chat" className="btn-secondary">
              Back to chat
            </a>
          ) : null}
        </div>
      </main>
    </>
  );
}
