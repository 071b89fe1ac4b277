import type { SubmissionResult } from "@conform-to/react";

/** Which of the chat screen's forms an action result belongs to, so each form shows only its own errors. */
export function resultIntent(result: SubmissionResult<string[]> | undefined): string | null {
  const intent = (result?.initialValue as { intent?: unknown } | null | undefined)?.intent;
  return typeof intent === "string" ? intent : null;
}

/** The form-level errors of a result (the refusals: limits, a reply in progress, a model not allowed). */
export function formErrors(result: SubmissionResult<string[]> | undefined): string[] {
  return result?.error?.[""] ?? [];
}
