import { openAiCompatible } from "./openai-compatible";

export const together = openAiCompatible({ maxTokens: 1024, stream: true });
