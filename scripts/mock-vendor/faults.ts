/**
 * The mock's behaviour: latency, reply length, faults and stream quirks. One zod schema describes every
 * setting; the type, the built-in defaults, the HTTP control API, the `[[mock:…]]` message directive and the
 * command-line flags are all read from it, so none of them can name a setting the others lack.
 */
import { z } from "zod";

export const MOCK_VENDORS = ["together", "novita", "openai", "modelslab"] as const;
export type MockVendorName = (typeof MOCK_VENDORS)[number];
export const vendorNameSchema = z.enum(MOCK_VENDORS);

const faultSchema = z.enum([
  "none",
  "401",
  "403",
  "404",
  "400",
  "429",
  "500",
  "hang",
  "malformed",
  "cutoff",
  "stall",
]);
export type MockFault = z.infer<typeof faultSchema>;
export const MOCK_FAULTS = faultSchema.options;

/** Faults answered with that HTTP status and the dialect's JSON error body. */
export const isStatusFault = (fault: MockFault) => /^\d{3}$/.test(fault);

/** Faults that break a stream after `faultAfterTokens` tokens. */
export const isStreamFault = (fault: MockFault) =>
  fault === "cutoff" || fault === "stall" || fault === "malformed";

export const behaviourSchema = z.object({
  ttftMs: z.number().nonnegative().default(0).describe("delay before the first token, ms"),
  tokenMs: z.number().nonnegative().default(0).describe("delay between tokens, ms (20 = 50 tokens/s)"),
  tokens: z.number().int().nonnegative().default(12).describe("reply length in tokens when reply is unset"),
  reply: z.string().optional().describe("exact reply text, streamed in small pieces"),
  pieceChars: z
    .number()
    .int()
    .nonnegative()
    .default(0)
    .describe(
      "stream the reply in pieces of N/2 to N characters in turn, as many vendors do (0: a word per piece)",
    ),
  fault: faultSchema.default("none").describe("a status code, or how the answer breaks"),
  faultAfterTokens: z
    .number()
    .int()
    .nonnegative()
    .default(3)
    .describe("tokens sent before a cutoff, stall or malformed fault"),
  splitBytes: z
    .boolean()
    .default(false)
    .describe("write the stream in byte chunks that split multi-byte characters and SSE lines"),
  crlf: z.boolean().default(false).describe("use \\r\\n line ends in the SSE stream"),
  comments: z.boolean().default(false).describe("interleave SSE comment lines (': keep-alive')"),
  usage: z.boolean().default(true).describe("send a final usage chunk before [DONE]"),
  modelslabShape: z.enum(["output", "choices"]).default("output").describe("ModelsLab success body shape"),
  requireKey: z.string().optional().describe("answer 401 to any other key"),
  models: z
    .string()
    .default("mock-chat-small,mock-chat-large")
    .describe("the model ids GET …/models reports, comma-separated (OpenAI-format vendors)"),
  contextWindow: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("the model's window in tokens: a longer prompt gets OpenAI's 400 context_length_exceeded"),
  errorMessage: z.string().optional().describe("message of a status fault's error body"),
  gate: z
    .string()
    .optional()
    .describe("hold a streamed reply after gateAfterTokens tokens until POST /__mock/gates/<gate> opens it"),
  gateAfterTokens: z
    .number()
    .int()
    .nonnegative()
    .default(1)
    .describe("tokens sent before a gate holds the stream (0: it holds before the first)"),
});
export type MockBehaviour = z.infer<typeof behaviourSchema>;

/** A layer of settings over the defaults: absent keys keep what is below (zod's defaults do not fill them). */
export const behaviourLayerSchema = behaviourSchema.partial();
export type BehaviourLayer = z.infer<typeof behaviourLayerSchema>;

export const BUILT_IN_BEHAVIOUR: MockBehaviour = behaviourSchema.parse({});

/** Body of `POST /__mock/behaviour`: settings, for one vendor when `vendor` is given. */
export const controlSchema = behaviourLayerSchema.extend({ vendor: vendorNameSchema.optional() }).strict();

const directiveSchema = behaviourLayerSchema.extend({
  vendors: z.record(vendorNameSchema, behaviourLayerSchema).optional(),
});
type Directive = z.infer<typeof directiveSchema>;

const DIRECTIVE_START = "[[mock:";
const DIRECTIVE_END = "]]";

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads `[[mock:{...}]]`; the JSON may itself contain "]]", so each closing candidate is tried in turn. */
function parseDirective(message: string | undefined): Directive | undefined {
  if (message === undefined) return undefined;
  const start = message.indexOf(DIRECTIVE_START);
  if (start < 0) return undefined;
  const jsonStart = start + DIRECTIVE_START.length;
  for (
    let end = message.indexOf(DIRECTIVE_END, jsonStart);
    end >= 0;
    end = message.indexOf(DIRECTIVE_END, end + 1)
  ) {
    const parsed = directiveSchema.safeParse(parseJson(message.slice(jsonStart, end)));
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** The layers a message's directive adds for `vendor`: its top-level settings, then that vendor's own. */
export function directiveLayers(message: string | undefined, vendor: MockVendorName): BehaviourLayer[] {
  const directive = parseDirective(message);
  if (!directive) return [];
  const { vendors, ...topLevel } = directive;
  return vendors?.[vendor] ? [topLevel, vendors[vendor]] : [topLevel];
}

function definedOnly(layer: BehaviourLayer): BehaviourLayer {
  return Object.fromEntries(Object.entries(layer).filter(([, value]) => value !== undefined));
}

export function mergeBehaviour(
  base: MockBehaviour,
  layers: Array<BehaviourLayer | undefined>,
): MockBehaviour {
  return layers.reduce<MockBehaviour>(
    (merged, layer) => (layer ? { ...merged, ...definedOnly(layer) } : merged),
    base,
  );
}

export function faultMessage(behaviour: MockBehaviour): string {
  if (behaviour.errorMessage !== undefined) return behaviour.errorMessage;
  return behaviour.fault === "400" ? "Mock 400 error: invalid request" : `Mock ${behaviour.fault} error`;
}
