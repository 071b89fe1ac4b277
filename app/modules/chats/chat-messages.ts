/**
 * What the chat list, the chat header and the chat actions (rename, delete, download, archive) say: the texts
 * of app/locales/<locale>/messages.json, read in the current language. Shared by the server (validation,
 * flash toasts) and the browser.
 * See docs/product.md §9.
 */
import { messages, messageText as t, toasts } from "../errors/catalogue";
import { en } from "../i18n/resources";
import { localized } from "../i18n/translate";

/** The version label (docs/product.md §2). */
export const APP_VERSION = "1.0.0";

/** The longest chat title a user may set (ours). */
export const MAX_TITLE_LENGTH = 200;

/** The sidebar reloads the history every 30 s (docs/product.md §6). */
export const HISTORY_REFRESH_MS = 30_000;

export const chatTexts = localized(
  "messages",
  en.messages.chatTexts,
  {
    historyFailed: (message: string) => t("chatTexts.historyFailed", { message }),
    deleteExplanation: (title: string) => t("chatTexts.deleteExplanation", { title }),
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
  },
  ["chatTexts"],
);

/** Toasts (title / description), docs/product.md §9. */
export const chatToasts = localized(
  "messages",
  en.messages.chatToasts,
  {
    get titleEmpty() {
      return { title: t("chatToasts.renameFailed.title"), description: chatTexts.titleRequired };
    },
    historyFailed: (message: string) => ({
      title: t("chatToasts.renameFailed.title"),
      description: chatTexts.historyFailed(message),
    }),
  },
  ["chatToasts"],
);
