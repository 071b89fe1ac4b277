import { openAiCompatible } from "./openai-compatible";

export const novita = openAiCompatible({ stream: true });
