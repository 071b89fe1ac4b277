/**
 * The settings screens' words: the texts of app/locales/<locale>/messages.json, read in the current language.
 * See docs/product.md §9.
 */
import type { PlanLimits } from "#db/system-settings";
import { starterLimitTexts } from "../billing/plan";
import { chatTexts } from "../chats/chat-messages";
import { failureMessage, messageSection, messageText as t } from "../texts/catalogue";

export const settingsToasts = messageSection("settingsToasts");

export const settingsText = messageSection("settingsText", {
  keyProvided: (vendor: string) => t("settingsText.keyProvided", { vendor }),
  keyRequired: (vendor: string) => t("settingsText.keyRequired", { vendor }),
  keyStored: (vendor: string, last4: string) => t("settingsText.keyStored", { vendor, last4 }),
  planEndsOn: (date: string) => t("settingsText.planEndsOn", { date }),
  planEnds: (date: string) => t("settingsText.planEnds", { date }),
  planStarter: (limits: PlanLimits) => t("settingsText.planStarter", starterLimitTexts(limits)),
  filesUsed: (used: string, max: string) => t("settingsText.filesUsed", { used, max }),
  get noActiveVendor() {
    return failureMessage({ code: "no_active_vendor" });
  },
  get version() {
    return chatTexts.version;
  },
});

/** Bad input to /settings (ours: the original copy has no texts for these). */
export const settingsErrors = messageSection("settingsErrors");

export const voicePlaybackText = messageSection("voicePlaybackText");
