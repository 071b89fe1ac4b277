/** Redis stream ids ("<ms>-<seq>") and their order; used by the relay and by Last-Event-ID parsing. */
export const STREAM_ID_PATTERN = /^\d{1,20}-\d{1,20}$/;

export function compareStreamIds(a: string, b: string): number {
  const [aMs = 0n, aSeq = 0n] = a.split("-").map(BigInt);
  const [bMs = 0n, bSeq = 0n] = b.split("-").map(BigInt);
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1;
  return 0;
}

/** A client-supplied Last-Event-ID, or "0-0" (from the start) when absent or not a stream id. */
export function resumePoint(lastEventId: string | null | undefined): string {
  return lastEventId && STREAM_ID_PATTERN.test(lastEventId) ? lastEventId : "0-0";
}
