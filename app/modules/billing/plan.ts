/**
 * What each plan allows. Shared by the server, which
 * enforces, and the browser, which explains. The Starter limits' numbers are settings
 * (db/system-settings.ts), saved by an admin; which models a plan may use is db/plans.ts, as the worker
 * checks it again.
 * See docs/product.md §2.
 */
import type { Plan } from "#db/schema";
import { en } from "../i18n/resources";
import type { PlanLimits } from "#db/system-settings";
import { localized, translate } from "../i18n/translate";

/** How Settings and the admin screens name a plan, in the current language. */
export const PLAN_LABELS: Record<Plan, string> = localized("checkout", en.checkout.plans.labels, undefined, [
  "plans",
  "labels",
]);

/**
 * Chats last updated before this are hidden from a Starter user; null when the plan keeps all history.
 * `historyHours` is the Starter window the admin saved (db/system-settings.ts).
 */
export function historyCutoff(plan: Plan, historyHours: number, now = Date.now()): string | null {
  return plan === "professional" ? null : new Date(now - historyHours * 3600 * 1000).toISOString();
}

/**
 * The Starter limits in words ("5 messages a day", "24 hours of history"), from the numbers the admin saved:
 * every text that states them (pricing, docs, Settings) takes these, so none can say a stale number.
 */
export const starterLimitTexts = ({ starterDailyReplies, starterHistoryHours }: PlanLimits) => ({
  replies: translate("common:planLimits.replies", { count: starterDailyReplies }),
  history: translate("common:planLimits.history", { count: starterHistoryHours }),
});
