import { useEffect } from "react";
import { useToast } from "~/components/ui/toaster";
import type { AdminActionData } from "~/modules/admin/action-result";

type Message = { title: string; description: string };

/** A failure said on the page, as an alert: a failed read, or a failed action's toast. */
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
 * A failed admin action's toast. With JavaScript it pops up like every toast; the same words stay on the page
 * as an alert, which is all a visitor without JavaScript gets (the page re-rendered by the post).
 */
export function ActionAlert({ data }: { data: AdminActionData | undefined }) {
  const show = useToast();
  const toast = data?.toast;
  useEffect(() => {
    if (toast) show({ type: "destructive", ...toast });
  }, [toast, show]);
  return <ErrorAlert error={toast} />;
}
