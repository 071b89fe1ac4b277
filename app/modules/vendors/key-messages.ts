import { z } from "zod";
import { adminTexts, messageText } from "../errors/catalogue";
import { en } from "../i18n/resources";
import { localized, perLocale } from "../i18n/translate";
import { requiredText } from "~/utils/form-fields";

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
    apiKey: requiredText(keyMessages.empty, 512, keyMessages.tooLong),
    redirectTo: z.string().max(2048).optional(),
  }),
);
