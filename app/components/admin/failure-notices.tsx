/** How an admin screen says something failed: a failed read as an alert on the page, a refused post as a toast. */
import { useEffect } from "react";
import { useToast } from "~/components/ui/toaster";
import type { AdminActionData } from "~/modules/admin/action-result";

type Message = { title: string; description: string };

/** A failed read said on the page, as an alert (a screen that could not load its figures). */
export function ErrorAlert({ error }: { error: Message | null | undefined }) {
  if (!error) return null;
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-700 bg-red-950 p-3 text-sm">
      <p className="font-semibold">{error.title}</p>
      <p>{error.description}</p>
    </div>
  );
}

/**
 * A failed admin action's toast, raised by the page when the post came through JavaScript. Nothing is drawn on
 * the page: the reason is already under the form that was sent (its form errors), and a page-wide alert would
 * say it a third time. Without JavaScript the server renders the same toast with the page; a post made before
 * the page's script ran gets both, under one id, so the toast list keeps one.
 */
export function ActionToast({ data }: { data: AdminActionData | undefined }) {
  const show = useToast();
  const toast = data?.toast;
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
  return null;
}
