/** The API keys page's forms (docs/product.md §12), shared by the browser and the server; built per language. */
import { z } from "zod";
import { apiTexts, messages } from "../texts/catalogue";
import { perLocale } from "../i18n/translate";
import { requiredText } from "~/utils/form-fields";

export const KEY_NAME_MAX = 100;

export const apiKeyFormSchema = perLocale(() =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("create"),
      name: requiredText(apiTexts.keyNameRequired, KEY_NAME_MAX, messages.tooLong("name", KEY_NAME_MAX)),
    }),
    z.object({ intent: z.literal("revoke"), keyId: z.string().uuid(apiTexts.keyNotFound) }),
  ]),
);
