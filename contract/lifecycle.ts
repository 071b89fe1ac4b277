/**
 * The life cycle of a completion, shared by the web (send, chat page, relay), the worker and the replay of a
 * finished reply from the database, so all three agree on what each status means by construction.
 *
 * queued → streaming → done | error | stopped. A completion is active while queued or streaming: its chat
 * refuses another send, and its reply is followed on the stream. Once finished, the database is the record.
 */
import type { Failure, FailureCode, StreamEntry } from "./jobs";

export const COMPLETION_STATUSES = ["queued", "streaming", "done", "error", "stopped"] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

export const ACTIVE_STATUSES = ["queued", "streaming"] as const satisfies readonly CompletionStatus[];
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];
export type FinishedStatus = Exclude<CompletionStatus, ActiveStatus>;

export const isActive = (status: CompletionStatus): status is ActiveStatus =>
  (ACTIVE_STATUSES as readonly string[]).includes(status);

export const isFinished = (status: CompletionStatus): status is FinishedStatus => !isActive(status);

/** How a failure is kept on its completion row. */
export interface StoredFailure {
  error_code: FailureCode | null;
  error_status: number | null;
  error_detail: string | null;
}

/** The failure a row records; a failed row without a code (it cannot be written so) reads as internal. */
export function failureFromRow(row: StoredFailure): Failure {
  return {
    code: row.error_code ?? "internal",
    status: row.error_status ?? undefined,
    detail: row.error_detail ?? undefined,
  };
}

export function failureToRow(failure: Failure | undefined): StoredFailure {
  return {
    error_code: failure?.code ?? null,
    error_status: failure?.status ?? null,
    error_detail: failure?.detail ?? null,
  };
}

/** The stream's last entry for a finished completion: what a late reader or a re-run must see. */
export function terminalEntry(
  status: FinishedStatus,
  messageId: string,
  failure: Failure = { code: "internal" },
): StreamEntry {
  return status === "error" ? { type: "error", ...failure } : { type: status, messageId };
}

/**
 * What the browser receives on `GET /api/completions/:id/stream`, by SSE event name. The relay writes it and
 * the page's stream hook reads it, both through this type. A send answered with its reply's stream
 * (`POST /api/chat-send`) opens with `accepted`, naming the page that shows the reply.
 */
export interface ReplyEventData {
  token: { text: string };
  done: { messageId: string };
  stopped: { messageId: string };
  error: { code: FailureCode; message: string };
}

export interface AcceptedEventData {
  location: string;
}
