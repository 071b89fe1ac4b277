import { z } from "zod";
import { adminTexts } from "../errors/catalogue";

/** The API key dialog's texts, word for word (docs/product.md §9). */
export const keyMessages = {
  empty: adminTexts.keyRequired,
  verificationFailed: (message: string) => `API key verification failed: ${message}`,
  verifyUnavailable: "Failed to verify API key",
  storeFailed: "Failed to set API key",
  saved: { title: "API Key Set", description: "Your Together AI API key has been saved and verified" },
} as const;

export const apiKeySchema = z.object({
  apiKey: z
    .string({ required_error: keyMessages.empty })
    .trim()
    .min(1, keyMessages.empty)
    .max(512, "API key is too long"),
  redirectTo: z.string().max(2048).optional(),
});
