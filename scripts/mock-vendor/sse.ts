/**
 * Server-sent events as the vendors send them, with the stream quirks a client must survive: byte chunks
 * that end mid-character and mid-line, CRLF line ends and comment lines. Tokens are paced on one timer.
 */
import type { ServerResponse } from "node:http";
import type { MockBehaviour } from "./faults";
import { cutOff } from "./http";

/** Splits one SSE event's bytes inside its first line, inside its first multi-byte character and between the
 * two line ends that close it (so with crlf, between a \r and its \n). */
function splitForReads(text: string): Buffer[] {
  const bytes = Buffer.from(text);
  const multiByteStart = bytes.findIndex((byte) => byte >= 0xc0);
  const cuts = [3, multiByteStart + 1, bytes.length - 1]
    .filter((cut) => cut > 0 && cut < bytes.length)
    .sort((a, b) => a - b);
  return [0, ...cuts]
    .map((from, i) => bytes.subarray(from, cuts[i] ?? bytes.length))
    .filter((piece) => piece.length);
}

/** Writes SSE events; with splitBytes, every piece goes out in its own event-loop turn so the client's reads
 * really do end mid-character and mid-line. */
export class SseWriter {
  private readonly lineEnd: string;
  private readonly comment: string;
  private readonly queue: Array<() => void> = [];
  private pumping = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly behaviour: MockBehaviour,
  ) {
    this.lineEnd = behaviour.crlf ? "\r\n" : "\n";
    this.comment = behaviour.comments ? `: keep-alive${this.lineEnd}` : "";
  }

  event(data: string) {
    const text = `${this.comment}data: ${data}${this.lineEnd}${this.lineEnd}`;
    if (!this.behaviour.splitBytes) {
      this.response.write(text);
      return;
    }
    for (const piece of splitForReads(text)) this.later(() => this.response.write(piece));
  }

  end() {
    this.inOrder(() => this.response.end());
  }

  cutOff() {
    this.inOrder(() => cutOff(this.response));
  }

  private inOrder(action: () => void) {
    if (this.behaviour.splitBytes) this.later(action);
    else action();
  }

  private later(action: () => void) {
    this.queue.push(action);
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(this.pump);
  }

  private readonly pump = () => {
    const action = this.queue.shift();
    if (!action || this.response.destroyed) {
      this.queue.length = 0;
      this.pumping = false;
      return;
    }
    action();
    setImmediate(this.pump);
  };
}

/** Runs `steps` steps, the first after `firstDelayMs` and the rest `intervalMs` apart, on one timer; with
 * `hold`, the steps after the first `hold.afterSteps` (0: all of them) wait until `hold.until` resolves. */
export function playSteps(
  response: ServerResponse,
  timing: { firstDelayMs: number; intervalMs: number },
  steps: number,
  onStep: (index: number) => void,
  onDone: () => void,
  hold?: { afterSteps: number; until: Promise<void> },
) {
  let timer: NodeJS.Timeout | undefined;
  let next = 0;
  let held = false;
  const holdThenPlay = (until: Promise<void>) => {
    held = true;
    until.then(
      () => {
        held = false;
        if (!response.destroyed) play();
      },
      () => response.destroy(),
    );
  };
  const runStep = () => {
    onStep(next);
    next += 1;
    if (next >= steps) {
      clearInterval(timer);
      onDone();
    } else if (hold && next === hold.afterSteps) {
      clearInterval(timer);
      holdThenPlay(hold.until);
    }
  };
  const play = () => {
    if (timing.intervalMs === 0) {
      while (next < steps && !held) runStep();
      return;
    }
    runStep();
    if (next < steps && !held) timer = setInterval(runStep, timing.intervalMs);
  };
  const start = () => {
    if (steps === 0) onDone();
    else if (hold?.afterSteps === 0) holdThenPlay(hold.until);
    else play();
  };
  response.once("close", () => clearTimeout(timer));
  if (timing.firstDelayMs > 0) timer = setTimeout(start, timing.firstDelayMs);
  else start();
}
