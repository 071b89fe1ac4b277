/**
 * What /pricing offers whoever is looking at it (docs/product.md §1 'Public pages', §2). The spec's labels are
 * for a visitor and a Starter account; a Professional account is offered another period of the plan it has
 * (buying again extends it from its end date), and a demo account, which may not buy, is offered an account.
 */
import type { Billing, Plan, User } from "#db/schema";

/** A visitor, a demo account, or an account on its (current, not lapsed) plan. */
export type PricingViewer = "visitor" | "demo" | Plan;

export function pricingViewer(user: Pick<User, "is_demo" | "plan"> | null): PricingViewer {
  if (!user) return "visitor";
  return user.is_demo ? "demo" : user.plan;
}

export interface PricingOffer {
  /** The plan the viewer is on, marked on its card. A demo account is on Starter only until it signs up. */
  current: Plan | null;
  /** `href` is null for a Professional account: Starter's features are part of its plan, nothing to start. */
  starter: { href: string | null; label: "signUp" | "start" | "included" };
  /**
   * `href` is null for a Professional plan without an end date (an operator's): buying would give it one, so
   * there is nothing to extend. `signin` is the second way in for a visitor. `note` says what the button alone
   * would not: why a demo must sign up first, or when the plan in hand ends.
   */
  professional: {
    href: string | null;
    signin: string | null;
    label: "signUp" | "upgrade" | "extend";
    note: { kind: "demo" } | { kind: "planEnds"; endsAt: string } | { kind: "noEnd" } | null;
  };
  /** The closing call: buy Professional, or, for those who have it, go and use it. */
  closing: "buy" | "chat";
}

const signupTo = (redirectTo: string) => `/signup?${new URLSearchParams({ redirectTo })}`;
const signinTo = (redirectTo: string) => `/signin?${new URLSearchParams({ redirectTo })}`;

export function pricingOffer(
  viewer: PricingViewer,
  billing: Billing,
  planEndsAt: string | null = null,
): PricingOffer {
  const checkout = `/checkout?tier=professional&billing=${billing}`;
  switch (viewer) {
    case "visitor": {
      // Back here with the choice made: a signed-in arrival with `selected` goes on to checkout.
      const back = `/pricing?selected=professional&billing=${billing}`;
      return {
        current: null,
        starter: { href: signupTo("/chat"), label: "signUp" },
        professional: { href: signupTo(back), signin: signinTo(back), label: "signUp", note: null },
        closing: "buy",
      };
    }
    case "demo":
      // Checkout refuses a demo account (403); signing up keeps its chats, then goes on to checkout.
      return {
        current: null,
        starter: { href: signupTo("/chat"), label: "signUp" },
        professional: { href: signupTo(checkout), signin: null, label: "signUp", note: { kind: "demo" } },
        closing: "buy",
      };
    case "starter":
      return {
        current: "starter",
        starter: { href: "/chat", label: "start" },
        professional: { href: checkout, signin: null, label: "upgrade", note: null },
        closing: "buy",
      };
    case "professional":
      return {
        current: "professional",
        starter: { href: null, label: "included" },
        professional: planEndsAt
          ? { href: checkout, signin: null, label: "extend", note: { kind: "planEnds", endsAt: planEndsAt } }
          : { href: null, signin: null, label: "extend", note: { kind: "noEnd" } },
        closing: "chat",
      };
  }
}
