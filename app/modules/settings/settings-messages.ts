/**
 * The settings screens' words: the texts of app/locales/<locale>/messages.json, read in the current language.
 * See docs/product.md §9.
 */
import { chatTexts } from "../chats/chat-messages";
import { failureMessage, messageText as t } from "../errors/catalogue";
import { en } from "../i18n/resources";
import { localized } from "../i18n/translate";

export const settingsToasts = localized("messages", en.messages.settingsToasts, {}, ["settingsToasts"]);

export const settingsText = localized(
  "messages",
  en.messages.settingsText,
  {
    keyProvided: (vendor: string) => t("settingsText.keyProvided", { vendor }),
    keyRequired: (vendor: string) => t("settingsText.keyRequired", { vendor }),
    keyStored: (vendor: string, last4: string) => t("settingsText.keyStored", { vendor, last4 }),
    planRenews: (date: string) => t("settingsText.planRenews", { date }),
    planEnds: (date: string) => t("settingsText.planEnds", { date }),
    get noActiveVendor() {
      return failureMessage({ code: "no_active_vendor" });
    },
    get version() {
      return chatTexts.version;
    },
  },
  ["settingsText"],
);

/** Bad input to /settings (ours: the original copy has no texts for these). */
export const settingsErrors = localized("messages", en.messages.settingsErrors, {}, ["settingsErrors"]);

export const voicePlaybackText = localized("messages", en.messages.voicePlaybackText, {}, [
  "voicePlaybackText",
]);
