import { z } from "zod";
import { adminTexts, messageText } from "../errors/catalogue";
import { en } from "../i18n/resources";
import { localized, perLocale } from "../i18n/translate";

/** The API key dialog's texts, word for word (docs/product.md §9). */
export const keyMessages = localized(
  "messages",
  en.messages.keyMessages,
  {
    get empty() {
      return adminTexts.keyRequired;
    },
    verificationFailed: (message: string) => messageText("keyMessages.verificationFailed", { message }),
  },
  ["keyMessages"],
);

export const apiKeySchema = perLocale(() =>
  z.object({
    apiKey: z
      .string({ required_error: keyMessages.empty })
      .trim()
      .min(1, keyMessages.empty)
      .max(512, keyMessages.tooLong),
    redirectTo: z.string().max(2048).optional(),
  }),
);
