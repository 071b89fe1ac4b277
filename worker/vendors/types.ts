import type { Failure, FinishReason } from "#contract/jobs";
import type { PromptImage } from "#contract/attachments";
import type { RequestOptions } from "#contract/request-options";

export interface ChatTurn {
  role: "system" | "user" | "assistant";
  content: string;
  /** A user's images, sent after the words when the model sees images (docs/product.md §14). */
  images?: PromptImage[];
}

/** One call to a vendor's chat-completions endpoint. */
export interface VendorRequest {
  /** Sent as X-Request-ID so a vendor's logs can be matched to ours. */
  requestId: string;
  endpointUrl: string;
  apiKey: string;
  /** The vendor-side model id. */
  model: string;
  messages: ChatTurn[];
  temperature: number;
  /** A developer-API request's max_tokens; the adapter's own cap still applies when it is lower. */
  maxTokens?: number;
  /**
   * A developer-API request's other options, in OpenAI's names: only ones this vendor takes
   * (contract/request-options.ts VENDOR_OPTIONS), as the walk skips a vendor that cannot take one.
   */
  options?: RequestOptions;
  /** The endpoint may be on an internal address (worker/vendors/reach.ts); otherwise every connection is checked. */
  internalAllowed: boolean;
}

export type VendorChunk =
  | { type: "text"; text: string }
  | { type: "usage"; promptTokens: number; completionTokens: number }
  | { type: "finish"; reason: FinishReason };

/**
 * A vendor adapter: one wire format. Yields text as it arrives (streaming where the vendor supports it) and,
 * when the vendor reports them, one finish chunk and one usage chunk. Throws VendorError; honours `signal`
 * by aborting the request.
 */
export type VendorAdapter = (request: VendorRequest, signal: AbortSignal) => AsyncIterable<VendorChunk>;

export class VendorError extends Error {
  constructor(readonly failure: Failure) {
    super(
      `${failure.code}${failure.status ? ` ${failure.status}` : ""}${failure.detail ? `: ${failure.detail}` : ""}`,
    );
    this.name = "VendorError";
  }
}
