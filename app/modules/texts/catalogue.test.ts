import { describe, expect, it } from "vitest";
import { failureMessage, messages } from "./catalogue";

describe("the failure catalogue", () => {
  it.each([
    [
      { code: "not_found" },
      "API endpoint not found (404): The chat API endpoint may have changed or is incorrect",
    ],
    [{ code: "auth", status: 403 }, "Authentication error (403): API key may be invalid or expired"],
    [
      { code: "bad_request", detail: "messages missing" },
      "Bad request (400): the AI service could not process this request",
    ],
    [{ code: "model", detail: "unknown model x" }, "Model error: the AI service could not use this model"],
    [
      { code: "http", status: 500, detail: "boom at db-7" },
      "API error (500): the AI service failed to answer",
    ],
    [
      { code: "network", detail: "ECONNREFUSED 10.0.0.7:443" },
      "Connection error: could not reach the AI service",
    ],
    [{ code: "invalid_json" }, "Invalid JSON response from API"],
    [{ code: "invalid_format" }, "Invalid response format from API"],
    [{ code: "timeout" }, "Request timed out after 30 seconds"],
    [
      { code: "key_missing", detail: "together" },
      "Together API key is not set. Please set your API key first.",
    ],
    [
      { code: "key_missing", detail: "modelslab" },
      "ModelsLab API key not found. Please set it in the admin settings.",
    ],
    [{ code: "key_missing", detail: "openai" }, "OpenAI API key not configured"],
    [{ code: "key_missing", detail: "novita" }, "Novita API key is not set. Please set your API key first."],
    [{ code: "no_active_vendor" }, "No active API vendor found"],
    [{ code: "unsupported_vendor", detail: "acme" }, "Unsupported vendor: acme"],
    [{ code: "modelslab_format" }, "Unexpected response format from ModelsLab API"],
    [{ code: "internal" }, "Failed to get response"],
  ] as const)("maps %j to the spec's text", (failure, text) => {
    expect(failureMessage(failure)).toBe(text);
  });
});

describe("the Starter plan line", () => {
  it("counts down the day's free messages, then says they are used", () => {
    expect(messages.messagesLeft(2, 3)).toBe("2 of 3 free messages left today. ");
    expect(messages.messagesLeft(0, 3)).toBe("You've used today's 3 free messages. ");
  });
});
