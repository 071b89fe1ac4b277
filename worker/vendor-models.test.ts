import { describe, expect, it } from "vitest";
import { modelsUrl } from "./vendor-models";

describe("the models address beside a vendor's endpoint", () => {
  it("replaces the chat-completions path with the models path, keeping host, port and prefix", () => {
    expect(modelsUrl("https://api.together.xyz/v1/chat/completions")).toBe(
      "https://api.together.xyz/v1/models",
    );
    expect(modelsUrl("https://api.novita.ai/v3/openai/chat/completions/")).toBe(
      "https://api.novita.ai/v3/openai/models",
    );
    expect(modelsUrl("http://127.0.0.1:11434/v1/chat/completions?x=1")).toBe(
      "http://127.0.0.1:11434/v1/models?x=1",
    );
  });

  it("has none for an endpoint that is not a chat-completions path", () => {
    expect(modelsUrl("https://modelslab.com/api/v6/llm/uncensored_chat")).toBeNull();
  });
});
