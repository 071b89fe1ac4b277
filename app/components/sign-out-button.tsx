import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { forgetAllDrafts } from "~/components/chat/composer-draft";

/** Signing out is a POST to /signout (a link could be prefetched or followed by a crawler). */
export function SignOutButton({
  className,
  title,
  children,
}: {
  className: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/signout" onSubmit={forgetAllDrafts}>
      <button type="submit" className={className} title={title}>
        {children}
      </button>
    </Form>
  );
}
