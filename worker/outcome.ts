/**
 * Storing how a reply ended: the assistant message (once per completion, whatever re-runs), the completion's
 * final status, the vendor attempt that ended it, its line in the usage ledger and the chat's activity time,
 * in one transaction.
 */
import { v7 as uuidv7 } from "uuid";
import type { Insertable } from "kysely";
import type { Db } from "#db/database";
import { nowIso, type Completion, type CompletionAttemptsTable, type MessageStatus } from "#db/schema";
import type { Failure, FinishReason } from "#contract/jobs";
import { failureToRow, type FinishedStatus } from "#contract/lifecycle";
import { countContentTokens } from "#contract/context-window";

export interface Outcome {
  status: FinishedStatus;
  text: string;
  vendor: string | null;
  failure?: Failure;
  usage: { promptTokens: number; completionTokens: number } | null;
  finishReason: FinishReason | null;
  firstTokenAt: string | null;
  /** The vendor attempt that ended the reply, when it is stored with it. */
  attempt: NewCompletionAttempt | null;
}

export type NewCompletionAttempt = Insertable<CompletionAttemptsTable>;

/** Returns the stored assistant message's id, or "" when nothing was said (a failure before any text). */
export async function storeOutcome(db: Db, completion: Completion, outcome: Outcome): Promise<string> {
  const finishedAt = nowIso();
  const messageStatus: MessageStatus = outcome.status === "done" ? "complete" : outcome.status;
  const storesMessage = outcome.status === "done" || outcome.text.length > 0;
  const failure = outcome.status === "error" ? failureToRow(outcome.failure) : failureToRow(undefined);
  const tokens = {
    prompt_tokens: outcome.usage?.promptTokens ?? null,
    completion_tokens: outcome.usage?.completionTokens ?? null,
  };
  // Counted before the transaction, which holds SQLite's write lock.
  const contentTokens = storesMessage ? countContentTokens(outcome.text) : 0;
  const ttftMs = outcome.firstTokenAt
    ? Date.parse(outcome.firstTokenAt) - Date.parse(completion.created_at)
    : null;
  return db.transaction().execute(async (trx) => {
    if (outcome.attempt) await trx.insertInto("completion_attempts").values(outcome.attempt).execute();
    if (storesMessage) {
      await trx
        .insertInto("chat_messages")
        .values({
          id: uuidv7(),
          chat_id: completion.chat_id,
          user_id: completion.user_id,
          parent_id: completion.user_message_id,
          role: "assistant",
          content: outcome.text,
          content_tokens: contentTokens,
          model_id: completion.model_id,
          vendor: outcome.vendor,
          completion_id: completion.id,
          status: messageStatus,
          created_at: finishedAt,
        })
        .onConflict((oc) => oc.column("completion_id").doNothing())
        .execute();
    }
    await trx
      .updateTable("completions")
      .set({
        status: outcome.status,
        vendor: outcome.vendor,
        ...failure,
        ...tokens,
        finish_reason: outcome.finishReason,
        first_token_at: outcome.firstTokenAt,
        finished_at: finishedAt,
      })
      .where("id", "=", completion.id)
      .execute();
    await trx
      .updateTable("usage_events")
      .set({
        status: outcome.status,
        vendor: outcome.vendor,
        error_code: failure.error_code,
        ...tokens,
        ttft_ms: ttftMs,
        finished_at: finishedAt,
      })
      .where("completion_id", "=", completion.id)
      .execute();
    await trx
      .updateTable("chat_history")
      .set({ updated_at: finishedAt })
      .where("id", "=", completion.chat_id)
      .execute();
    const stored = await trx
      .selectFrom("chat_messages")
      .select("id")
      .where("completion_id", "=", completion.id)
      .executeTakeFirst();
    return stored?.id ?? "";
  });
}
