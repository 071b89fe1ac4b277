/**
 * The mock vendor, from the tests' side. Per-message `[[mock:{...}]]` directives are the way to shape a reply:
 * they travel inside the message, so tests running in parallel never change each other's vendor behaviour
 * (the /__mock/behaviour and /__mock/reset endpoints are global and are left alone).
 */
import type { MockBehaviour, MockVendorName, RecordedRequest } from "#scripts/mock-vendor";

export type Directive = Partial<MockBehaviour> & {
  vendors?: Partial<Record<MockVendorName, Partial<MockBehaviour>>>;
};

/** The text to append to a message so the mock answers it as `directive` says. */
export const mockDirective = (directive: Directive) => `[[mock:${JSON.stringify(directive)}]]`;

/** A reply of `count` distinct words, each its own streamed token. */
export const wordsReply = (count: number, prefix = "word") =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`).join(" ");

/**
 * A fresh gate name: a reply whose directive names it holds after `gateAfterTokens` tokens (1 unless given; 0
 * holds it before the first) until `openGate`.
 */
export const gateName = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

export class MockControl {
  constructor(readonly url: string) {}

  /**
   * A reply held before its first token until `release`, for a test that looks at the page before the reply
   * starts, however slow the page is to get there: its `directive` goes into the message.
   */
  heldReply(directive: Directive, label = "held") {
    const gate = gateName(label);
    return {
      directive: mockDirective({ ...directive, gate, gateAfterTokens: 0 }),
      release: () => this.openGate(gate),
    };
  }

  /** Lets the replies held at `gate` go on. */
  async openGate(gate: string) {
    const response = await fetch(`${this.url}/__mock/gates/${gate}`, { method: "POST" });
    if (!response.ok) throw new Error(`mock gate: ${response.status}`);
  }

  /** The requests the mock received for `vendor` whose last message contains `marker`. */
  async requestsMentioning(marker: string, vendor?: MockVendorName): Promise<RecordedRequest[]> {
    const query = vendor ? `?vendor=${vendor}` : "";
    const response = await fetch(`${this.url}/__mock/requests${query}`);
    if (!response.ok) throw new Error(`mock requests: ${response.status}`);
    const requests = (await response.json()) as RecordedRequest[];
    return requests.filter((request) => JSON.stringify(request.body).includes(marker));
  }
}
