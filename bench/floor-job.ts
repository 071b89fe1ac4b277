/** What the floor's two halves share (bench/floor-web.ts, floor-worker.ts): the queue and its job. */
import type { ChatTurn } from "#worker/vendors/types";

export const FLOOR_QUEUE = "floor-reply";

export interface FloorJob {
  /** The client's X-Request-ID: the job id, the reply's stream and the mock's tap key. */
  requestId: string;
  messages: ChatTurn[];
}
