import { translate } from "../i18n/translate";
import { QUICK_ACTIONS, type QuickActionKey } from "./quick-actions";

/**
 * What a chip asks, in any chat: the role instruction becomes the request's system message, and the user's
 * words are the request as the user would phrase it, in the page's language.
 */
export function quickActionRequest(key: QuickActionKey): { system: string; content: string } {
  return {
    system: QUICK_ACTIONS[key].instruction,
    content: translate(`chat:quickActions.requests.${key}`),
  };
}
