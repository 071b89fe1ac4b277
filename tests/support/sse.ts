/**
 * A minimal text/event-stream parser (WHATWG rules for the fields the app sends), for asserting on bodies in
 * browser and integration tests alike.
 */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export function parseEventStream(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.replace(/\r\n?/g, "\n").split("\n\n")) {
    let event: Partial<SseEvent> & { dataLines: string[] } = { dataLines: [] };
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") event.id = value;
      else if (field === "event") event.event = value;
      else if (field === "data") event.dataLines.push(value);
    }
    if (event.dataLines.length) {
      events.push({ id: event.id, event: event.event ?? "message", data: event.dataLines.join("\n") });
    }
    event = { dataLines: [] };
  }
  return events;
}

/** The reply text carried by a stream's token events. */
export const tokenText = (events: SseEvent[]) =>
  events
    .filter((event) => event.event === "token")
    .map((event) => (JSON.parse(event.data) as { text: string }).text)
    .join("");

/**
 * The ids a reply's events must carry, read in order: each event's id is the reply's length up to its end (a
 * token's offset), so the closing event's is the whole reply's. A token sent twice would repeat an earlier id.
 */
export function offsetIds(events: SseEvent[]): string[] {
  let length = 0;
  return events.map((event) => {
    if (event.event === "token") length += (JSON.parse(event.data) as { text: string }).text.length;
    return String(length);
  });
}

/** A send's answer as an event stream whose chunks the test writes, and ends or cuts, when it likes. */
export function streamedAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8" } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    cut: () => controller.error(new TypeError("network error")),
  };
}

/** The `accepted` event that opens an accepted send's answer, naming the chat's page. */
export const acceptedEvent = (location = "/chat/c1") =>
  `event: accepted\ndata: ${JSON.stringify({ location })}\n\n`;
export const ACCEPTED = acceptedEvent();
export const token = (offset: number, text: string) =>
  `id: ${offset}\nevent: token\ndata: ${JSON.stringify({ text })}\n\n`;
