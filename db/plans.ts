/** What a stored plan means now and what it allows, read the same way by the web and the worker. */
import type { Plan, User } from "./schema";

/**
 * The plan a user has now: a paid plan past its `plan_expires_at` is read as Starter, so expiry needs no job.
 * A Professional plan without an end date (set by an operator, or by the benchmark) does not expire.
 */
export function effectivePlan(
  user: Pick<User, "plan" | "plan_expires_at">,
  now: string = new Date().toISOString(),
): Plan {
  if (user.plan !== "professional") return "starter";
  return user.plan_expires_at === null || user.plan_expires_at > now ? "professional" : "starter";
}

/** Starter may use the models without the PRO badge; Professional every model. */
export function canUseModel(plan: Plan, model: { is_pro: 0 | 1 }): boolean {
  return plan === "professional" || model.is_pro === 0;
}
