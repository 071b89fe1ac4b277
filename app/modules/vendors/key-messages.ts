import { z } from "zod";
import { adminTexts, messageSection, messageText } from "../texts/catalogue";
import { perLocale } from "../i18n/translate";
import { requiredText } from "~/utils/form-fields";

/** The API key dialog's texts, word for word (docs/product.md §9). */
export const keyMessages = messageSection("keyMessages", {
  get empty() {
    return adminTexts.keyRequired;
  },
  verificationFailed: (message: string) => messageText("keyMessages.verificationFailed", { message }),
});

export const apiKeySchema = perLocale(() =>
  z.object({
    apiKey: requiredText(keyMessages.empty, 512, keyMessages.tooLong),
    redirectTo: z.string().max(2048).optional(),
  }),
);
