/**
 * How every admin screen answers a form post: parse with the screen's zod schema (400 with the field errors,
 * nothing stored), run the change, then redirect back with a success toast; a refusal (`AdminActionError`)
 * re-renders the form with its message and the failure toast, 404 when the thing acted on does not exist;
 * anything else is logged and answered 500 with the failure toast. Works the same with JavaScript off.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { redirectWithToast } from "../toast/toast.server";
import type { ToastInput } from "../toast/toast";
import { webLogger } from "~/utils/logger.server";
import type { AdminActionData } from "./action-result";
import { AdminActionError } from "./users.server";

export interface AdminFormOptions<Schema extends z.ZodTypeAny> {
  request: Request;
  schema: Schema;
  /** Where a success goes back to. */
  screen: string;
  /** Fields never sent back into the form (a key). */
  hideFields?: string[];
  /** The change; its answer is the success toast. */
  apply: (value: z.output<Schema>) => Promise<ToastInput>;
  /** The spec's failure toast for what was tried. */
  failureToast: (value: z.output<Schema>) => { title: string; description: string };
  /** A name for the log line of an unexpected failure. */
  what: string;
}

export const plainText = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function answerAdminForm<Schema extends z.ZodTypeAny>(options: AdminFormOptions<Schema>) {
  const { request, schema, hideFields } = options;
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data<AdminActionData>({ result: submission.reply({ hideFields }), toast: null }, { status: 400 });
  }
  const value = submission.value as z.output<Schema>;
  const reply = (formErrors: string[]) => submission.reply({ formErrors, hideFields });
  try {
    return redirectWithToast(request, options.screen, await options.apply(value));
  } catch (error) {
    if (error instanceof AdminActionError) {
      if (error.status === 404) throw plainText(error.message, 404);
      return data<AdminActionData>(
        {
          result: reply([error.message]),
          toast: { title: options.failureToast(value).title, description: error.message },
        },
        { status: error.status },
      );
    }
    webLogger().error({ err: error }, `admin ${options.what} failed`);
    const toast = options.failureToast(value);
    return data<AdminActionData>({ result: reply([toast.description]), toast }, { status: 500 });
  }
}
