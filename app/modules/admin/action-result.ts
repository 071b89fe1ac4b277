import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "../toast/toast";

/**
 * What an admin action answers when it did not redirect: the form's result and the failure toast (with its id,
 * so the toast rendered by the server and the one the page raises are one toast; `answerAdminForm`).
 */
export interface AdminActionData {
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

/**
 * The post's result if it came from the form whose hidden fields hold `fields` (an undefined one matches any
 * value), else undefined. A screen's forms share one action, and each shows only its own post's errors.
 */
export function resultFor(
  result: SubmissionResult<string[]> | undefined,
  fields: Record<string, string | undefined>,
): SubmissionResult<string[]> | undefined {
  const initial = result?.initialValue as Record<string, unknown> | null | undefined;
  const matches = Object.entries(fields).every(
    ([name, value]) => value === undefined || initial?.[name] === value,
  );
  return initial && matches ? result : undefined;
}
