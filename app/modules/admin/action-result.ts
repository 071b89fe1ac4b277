import type { SubmissionResult } from "@conform-to/react";

/** What an admin action answers when it did not redirect: the form's result and the failure toast. */
export interface AdminActionData {
  result: SubmissionResult<string[]>;
  toast: { title: string; description: string } | null;
}
