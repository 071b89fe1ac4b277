/**
 * What the chat list, the chat header and the chat actions (rename, delete, download, archive) say: the texts
 * of app/locales/<locale>/messages.json, read in the current language. Shared by the server (validation,
 * flash toasts) and the browser.
 * See docs/product.md §9.
 */
import { messages, messageSection, messageText as t, toasts } from "../texts/catalogue";
import { APP_VERSION } from "../version";

/** The longest chat title a user may set (ours). */
export const MAX_TITLE_LENGTH = 200;

/** The sidebar reloads the history every 30 s (docs/product.md §6). */
export const HISTORY_REFRESH_MS = 30_000;

export const chatTexts = messageSection("chatTexts", {
  historyFailed: (message: string) => t("chatTexts.historyFailed", { message }),
  deleteExplanation: (title: string) => t("chatTexts.deleteExplanation", { title }),
  shareCreatedAt: (date: string) => t("chatTexts.shareCreatedAt", { date }),
  get version() {
    return t("chatTexts.version", { version: APP_VERSION });
  },
  get titleTooLong() {
    return t("chatTexts.titleTooLong", { max: MAX_TITLE_LENGTH });
  },
  get upgrade() {
    return messages.upgradeLink;
  },
  get signInRequired() {
    return toasts.authRequired.title;
  },
});

/** Toasts (title / description), docs/product.md §9. */
export const chatToasts = messageSection("chatToasts", {
  get titleEmpty() {
    return { title: t("chatToasts.renameFailed.title"), description: chatTexts.titleRequired };
  },
  historyFailed: (message: string) => ({
    title: t("chatToasts.renameFailed.title"),
    description: chatTexts.historyFailed(message),
  }),
});
