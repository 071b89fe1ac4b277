import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

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
    <Form method="post" action="/signout">
      <button type="submit" className={className} title={title}>
        {children}
      </button>
    </Form>
  );
}
