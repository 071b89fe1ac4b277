/**
 * ModelsLab's uncensored-chat API: the key travels in the JSON body, the reply comes back whole, and failures
 * may arrive as a 200 with `status: "error"`.
 */
import { z } from "zod";
import { mentionsModel, postJson, readJson, vendorMessage } from "./http";
import { chatMessages, tokenCap } from "./openai-compatible";
import { VendorError, type VendorAdapter, type VendorRequest } from "./types";

const DEFAULT_MODEL = "uncensored-chat";
const AUTH_MESSAGE = /\bkey\b|auth|unauthori[sz]ed|forbidden|permission/i;

const replySchema = z.union([
  z
    .object({ status: z.literal("success"), output: z.union([z.string(), z.array(z.string())]) })
    .transform(({ output }) => (typeof output === "string" ? output : output.join(""))),
  z
    .object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).nonempty() })
    .transform(({ choices }) => choices[0].message.content),
]);

/**
 * The request's temperature (0.7 unless a quick action or an API caller chose another) and, of its options,
 * the sampling ones ModelsLab takes, under the same names as OpenAI's.
 */
function modelslabBody(request: VendorRequest) {
  const { top_p, presence_penalty, frequency_penalty } = request.options ?? {};
  return {
    key: request.apiKey,
    model_id: request.model || DEFAULT_MODEL,
    messages: chatMessages(request.messages),
    max_tokens: tokenCap(request.maxTokens, 1000),
    temperature: request.temperature,
    ...(top_p === undefined ? {} : { top_p }),
    ...(presence_penalty === undefined ? {} : { presence_penalty }),
    ...(frequency_penalty === undefined ? {} : { frequency_penalty }),
    stream: false,
  };
}

function reportedFailure(message: string | undefined): VendorError {
  if (message && AUTH_MESSAGE.test(message)) {
    return new VendorError({ code: "auth", status: 401, detail: message });
  }
  return new VendorError({ code: mentionsModel(message) ? "model" : "http", detail: message });
}

/** The reply text of a ModelsLab body, or the VendorError the body calls for. */
export function modelslabReply(body: unknown, secret: string): string {
  const reply = replySchema.safeParse(body);
  if (reply.success) return reply.data;
  if (z.object({ status: z.literal("error") }).safeParse(body).success) {
    throw reportedFailure(vendorMessage(body, secret));
  }
  throw new VendorError({ code: "modelslab_format" });
}

export const modelslab: VendorAdapter = async function* (request, signal) {
  const response = await postJson(request, modelslabBody(request), signal, { bearer: false });
  const text = modelslabReply(await readJson(response, signal), request.apiKey);
  if (text) yield { type: "text", text };
};
