/** Redis stream ids ("<ms>-<seq>") and their order, and the resume offsets readers send as Last-Event-ID. */
export const STREAM_ID_PATTERN = /^\d{1,20}-\d{1,20}$/;

/** Redis keeps both parts of a stream id as unsigned 64-bit integers; anything larger makes XREAD fail. */
const MAX_PART = 2n ** 64n - 1n;

/** True only for an id Redis accepts: the pattern, and both parts within 0…2⁶⁴−1. */
export function isStreamId(value: string): boolean {
  if (!STREAM_ID_PATTERN.test(value)) return false;
  return value.split("-").every((part) => BigInt(part) <= MAX_PART);
}

export function compareStreamIds(a: string, b: string): number {
  const [aMs = 0n, aSeq = 0n] = a.split("-").map(BigInt);
  const [bMs = 0n, bSeq = 0n] = b.split("-").map(BigInt);
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1;
  return 0;
}

/**
 * A reader's resume point (Last-Event-ID or `?after=`): a reply offset as a whole number, or 0 (from the start)
 * for anything else.
 */
export const resumeOffset = (value: string | null | undefined): number =>
  value && /^\d{1,15}$/.test(value) ? Number(value) : 0;
