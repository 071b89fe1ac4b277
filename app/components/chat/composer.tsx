import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useRef, type CSSProperties, type KeyboardEvent } from "react";
import { ErrorList } from "~/components/ui/field";

/** The box grows with its text to at most 4 rows of 20 px, then scrolls (docs/product.md §2). */
const ROW_PX = 20;
const MAX_ROWS = 4;

/** The message box. Enter sends, Shift+Enter starts a new line; it grows to four lines. */
export function Composer({
  requestId,
  modelId,
  disabled,
  lastResult,
}: {
  requestId: string;
  modelId: string;
  disabled: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const sending = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<{ content: string }>({ id: "composer", lastResult });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (event.currentTarget.value.trim() && !disabled && !sending) formRef.current?.requestSubmit();
  };

  return (
    <Form method="post" ref={formRef} {...getFormProps(form)} className="mx-auto w-full max-w-3xl">
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="model" value={modelId} />
      <div className="flex items-end gap-2 rounded-2xl border border-zinc-700 bg-zinc-900 p-2 focus-within:border-brand-light">
        <label htmlFor={fields.content.id} className="sr-only">
          Message
        </label>
        <textarea
          {...getTextareaProps(fields.content)}
          rows={1}
          style={{ fieldSizing: "content", maxHeight: `${ROW_PX * MAX_ROWS + 16}px` } as CSSProperties}
          onKeyDown={onKeyDown}
          placeholder="Ask anything..."
          disabled={disabled}
          className="flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-5 text-zinc-100 placeholder-zinc-500 focus:outline-none"
        />
        <button type="submit" className="btn-primary" disabled={disabled || sending}>
          {sending ? "Sending..." : "Send"}
        </button>
      </div>
      <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
