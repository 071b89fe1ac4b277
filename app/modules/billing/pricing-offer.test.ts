import { describe, expect, it } from "vitest";
import { pricingOffer, pricingViewer } from "./pricing-offer";

describe("who is looking at /pricing", () => {
  it("is a visitor signed out, a demo whatever its plan, else the account's plan", () => {
    expect(pricingViewer(null)).toBe("visitor");
    expect(pricingViewer({ is_demo: 1, plan: "starter" })).toBe("demo");
    expect(pricingViewer({ is_demo: 0, plan: "starter" })).toBe("starter");
    expect(pricingViewer({ is_demo: 0, plan: "professional" })).toBe("professional");
  });
});

describe("what /pricing offers", () => {
  it("a visitor: sign-up or sign-in, back to pricing with Professional selected", () => {
    const offer = pricingOffer("visitor", "annually");
    expect(offer.current).toBeNull();
    expect(offer.professional.href).toBe(
      `/signup?${new URLSearchParams({ redirectTo: "/pricing?selected=professional&billing=annually" })}`,
    );
    expect(offer.professional.signin).toMatch(/^\/signin\?redirectTo=/);
  });

  it("a demo account: sign-up first, on to checkout, and never a plan called its own", () => {
    const offer = pricingOffer("demo", "monthly");
    expect(offer.current).toBeNull();
    expect(offer.professional).toMatchObject({
      href: `/signup?${new URLSearchParams({ redirectTo: "/checkout?tier=professional&billing=monthly" })}`,
      signin: null,
      note: { kind: "demo" },
    });
  });

  it("a Starter account: its plan marked, Professional's checkout as an upgrade", () => {
    const offer = pricingOffer("starter", "monthly");
    expect(offer.current).toBe("starter");
    expect(offer.professional).toMatchObject({
      href: "/checkout?tier=professional&billing=monthly",
      label: "upgrade",
    });
  });

  it("a Professional account: another period from its end date, or nothing to extend without one", () => {
    const offer = pricingOffer("professional", "annually", "2030-01-01T00:00:00.000Z");
    expect(offer.current).toBe("professional");
    expect(offer.starter.href).toBeNull();
    expect(offer.professional).toMatchObject({
      href: "/checkout?tier=professional&billing=annually",
      label: "extend",
      note: { kind: "planEnds", endsAt: "2030-01-01T00:00:00.000Z" },
    });
    expect(offer.closing).toBe("chat");
    expect(pricingOffer("professional", "monthly", null).professional).toMatchObject({
      href: null,
      note: { kind: "noEnd" },
    });
  });
});
