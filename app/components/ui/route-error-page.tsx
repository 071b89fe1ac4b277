import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { messages } from "~/modules/texts/catalogue";

/** The message a route's thrown response carries (`{ message }`), or the catalogue's general one. */
export function useRouteErrorMessage(): string {
  const error = useRouteError();
  return isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
    ? (error.data as { message: string }).message
    : messages.somethingWentWrong;
}

/** A route's error page: what stopped, why, and the one way back. */
export function RouteErrorPage({ title, back }: { title: string; back: { to: string; label: string } }) {
  const message = useRouteErrorMessage();
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role="alert" className="text-zinc-300">
        {message}
      </p>
      <Link to={back.to} className="btn-primary">
        {back.label}
      </Link>
    </main>
  );
}
