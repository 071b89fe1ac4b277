/**
 * How every admin screen answers a form post: parse with the screen's zod schema (400 with the field errors,
 * nothing stored), run the change, then redirect back with a success toast; a refusal (`AdminActionError`)
 * re-renders the form with its message and the failure toast, 404 when the thing acted on does not exist;
 * anything else is logged and answered 500 with the failure toast. Works the same with JavaScript off.
 *
 * A refusal's reason is said once in the failure toast and once in the form's errors, which only the form that
 * was sent shows (`resultFor`); screens add no alert of their own. Without JavaScript the toast is rendered with
 * the page (`toastThisPage`); with it, the page raises it (`ActionToast`), under the same id.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { redirectWithToast, toastThisPage } from "~/routes-support/toast.server";
import type { Toast, ToastInput } from "~/modules/toast/toast";
import { webLogger } from "~/utils/logger.server";
import type { AdminActionData } from "~/modules/admin/action-result";
import { AdminActionError } from "~/modules/admin/users.server";

export interface AdminFormOptions<Schema extends z.ZodTypeAny> {
  request: Request;
  /** The request's load context: where the failure toast waits for a page rendered by the same request. */
  context: AppLoadContext;
  schema: Schema;
  /** Where a success goes back to, given what was posted. */
  screen: string | ((value: z.output<Schema>) => string);
  /** Fields never sent back into the form (a key). */
  hideFields?: string[];
  /** The change; its answer is the success toast. */
  apply: (value: z.output<Schema>) => Promise<ToastInput>;
  /** The spec's failure toast for what was tried. */
  failureToast: (value: z.output<Schema>) => { title: string; description: string };
  /** A name for the log line of an unexpected failure. */
  what: string;
  /** What else that log line should say about the post (never a secret). */
  logFields?: (value: z.output<Schema>) => Record<string, unknown>;
}

export const plainText = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function answerAdminForm<Schema extends z.ZodTypeAny>(options: AdminFormOptions<Schema>) {
  const { request, context, schema, hideFields } = options;
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data<AdminActionData>({ result: submission.reply({ hideFields }), toast: null }, { status: 400 });
  }
  const value = submission.value as z.output<Schema>;
  /** The failure toast, and the same reason as the sent form's error. */
  const refused = (title: string, reason: string, status: number) => {
    const toast: Toast = { id: crypto.randomUUID(), type: "destructive", title, description: reason };
    toastThisPage(context, toast);
    return data<AdminActionData>(
      { result: submission.reply({ formErrors: [reason], hideFields }), toast },
      { status },
    );
  };
  try {
    const screen = typeof options.screen === "function" ? options.screen(value) : options.screen;
    return redirectWithToast(request, screen, await options.apply(value));
  } catch (error) {
    if (error instanceof AdminActionError) {
      if (error.status === 404) throw plainText(error.message, 404);
      return refused(options.failureToast(value).title, error.message, error.status);
    }
    webLogger().error({ err: error, ...options.logFields?.(value) }, `admin ${options.what} failed`);
    const { title, description } = options.failureToast(value);
    return refused(title, description, 500);
  }
}
