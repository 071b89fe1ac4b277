import type { FormMetadata } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { chatTexts } from "~/modules/chats/chat-messages";

/**
 * The page frame of a chat's no-JavaScript forms (rename, delete): a heading, the form with its fields, its
 * errors, and Cancel back to where the user came from beside the submit button.
 */
export function ChatFormPage({
  heading,
  form,
  redirectTo,
  submitLabel,
  submitClassName = "btn-primary",
  children,
}: {
  heading: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata; only its props are read
  form: FormMetadata<any>;
  redirectTo: string;
  submitLabel: string;
  submitClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {children}
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end gap-2">
          <Link to={redirectTo} className="btn-secondary">
            {chatTexts.cancel}
          </Link>
          <SubmitButton className={submitClassName} label={submitLabel} />
        </div>
      </Form>
    </div>
  );
}
