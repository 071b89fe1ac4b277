/**
 * The request options the mock honours as a vendor would, so tests can see them work end to end: `seed` (the
 * same seed, the same reply), `response_format` (a JSON reply; for a json_schema, an object with the schema's
 * required properties), `stop` (the reply ends before the first stop sequence) and `n` (that many choices).
 */
import { z } from "zod";

// Lenient like the rest of the call: a value the mock cannot read is left out, not refused.
export const callOptionsSchema = z.object({
  stop: z
    .union([z.string(), z.array(z.string())])
    .transform((stop) => (typeof stop === "string" ? [stop] : stop).filter(Boolean))
    .optional()
    .catch(undefined),
  n: z.number().int().min(1).max(16).catch(1).default(1),
  seed: z.number().int().optional().catch(undefined),
  response_format: z
    .object({
      type: z.string(),
      json_schema: z.object({ schema: z.unknown().optional() }).passthrough().optional(),
    })
    .passthrough()
    .optional()
    .catch(undefined),
});
export type CallOptions = z.infer<typeof callOptionsSchema>;

/** mulberry32: a tiny seeded generator, enough to make a seed's reply repeatable. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` words of `vocabulary` in the order `seed` draws them. */
export function seededWords(vocabulary: readonly string[], count: number, seed: number): string[] {
  const next = seeded(seed);
  return Array.from({ length: count }, () => vocabulary[Math.floor(next() * vocabulary.length)]!);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A simple value of a JSON schema's type: its first enum value or const, else a placeholder of the type. */
export function sampleOf(schema: unknown): unknown {
  if (!isRecord(schema)) return null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const choices = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choices) && choices.length > 0) return sampleOf(choices[0]);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? "null") : schema.type;
  const minimum = typeof schema.minimum === "number" ? schema.minimum : 1;
  switch (type ?? (isRecord(schema.properties) ? "object" : undefined)) {
    case "object": {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : Object.keys(properties);
      return Object.fromEntries(
        required
          .filter((name): name is string => typeof name === "string")
          .map((name) => [name, sampleOf(properties[name])]),
      );
    }
    case "array": {
      const length = Math.min(
        Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 0),
        typeof schema.maxItems === "number" ? schema.maxItems : 1,
      );
      return Array.from({ length }, () => sampleOf(schema.items));
    }
    case "string":
      return "mock";
    case "integer":
      return Math.ceil(minimum);
    case "number":
      return minimum;
    case "boolean":
      return true;
    default:
      return null;
  }
}

/** The JSON a response format asks for, or undefined for text: json_object wraps the text reply. */
export function jsonReply(options: CallOptions, text: string): string | undefined {
  const format = options.response_format;
  if (format?.type === "json_object") return JSON.stringify({ reply: text });
  if (format?.type === "json_schema") return JSON.stringify(sampleOf(format.json_schema?.schema));
  return undefined;
}

/** Text in pieces of a few characters (whole code points), as a vendor streams it. */
export const piecesOf = (text: string) => text.match(/[\s\S]{1,8}/gu) ?? [];

/**
 * The pieces up to (not including) the first stop sequence, as a vendor ends a reply there; `stopped` says
 * whether one was found.
 */
export function cutAtStop(
  pieces: string[],
  stop: string[] | undefined,
): { pieces: string[]; stopped: boolean } {
  const text = pieces.join("");
  const at = Math.min(
    ...(stop ?? []).map((sequence) => text.indexOf(sequence)).filter((index) => index >= 0),
  );
  if (!Number.isFinite(at)) return { pieces, stopped: false };
  const kept: string[] = [];
  let left = at;
  for (const piece of pieces) {
    if (left <= 0) break;
    kept.push(piece.slice(0, left));
    left -= piece.length;
  }
  return { pieces: kept, stopped: true };
}
