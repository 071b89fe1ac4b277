/**
 * POST /api/stripe/webhook through Remix's request handler (single fetch on, as the app runs), with the Stripe
 * provider switched on: a forged or unsigned event is 400 with the catalogue's text — so Stripe retries it —
 * and changes nothing; a signed one makes the plan Professional once, and its replay is acknowledged without
 * applying it again. A session paid later (a bank debit) is fulfilled by its `async_payment_succeeded` event.
 * /docs, with Stripe on, describes its checkout rather than the simulated test cards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/modules/texts/catalogue";
import { serveResourceRoute } from "../support/resource-route";
import { asyncPaidEvent, completedEvent, signWebhook } from "../support/stripe";
import { setUpTestEnv, importAfterEnv } from "../support/test-env";

const WEBHOOK_SECRET = "whsec_route_test";
const t = setUpTestEnv();
beforeAll(() => {
  Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_route", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});
const webhook = importAfterEnv(() => import("~/routes/api.stripe.webhook"));
const orders = importAfterEnv(() => import("~/modules/billing/orders.server"));

const sign = (payload: string, secret = WEBHOOK_SECRET) => signWebhook(payload, secret);

/** A Professional order waiting for Stripe, as the Payment step leaves it. */
async function pendingStripeOrder() {
  const userId = await t.createUser();
  const order = await orders.saveDetails(
    t.db,
    { id: userId, is_demo: 0 },
    { tier: "professional", billing: "monthly" },
    { name: "Tess", email: "t@example.test", address: "1 Main", city: "X", zipCode: "1", country: "US" },
    "stripe",
  );
  const session = `cs_test_${order.id}`;
  await t.db
    .updateTable("orders")
    .set({ status: "pending", provider: "stripe", provider_ref: session })
    .where("id", "=", order.id)
    .execute();
  return { userId, orderId: order.id, session };
}

async function post(body: string, signature?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature) headers["Stripe-Signature"] = signature;
  const serve = serveResourceRoute("api/stripe/webhook", webhook);
  const response = await serve(
    new Request("http://localhost/api/stripe/webhook", { method: "POST", body, headers }),
  );
  return { status: response.status, data: await response.json() };
}

const userPlan = async (id: string) =>
  await t.db
    .selectFrom("users")
    .select(["plan", "plan_expires_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const orderStatus = async (id: string) =>
  (await t.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("the Stripe webhook route", () => {
  it("refuses a forged, an unsigned and a tampered event with 400 and changes nothing", async () => {
    const { userId, orderId, session } = await pendingStripeOrder();
    const body = completedEvent("evt_forged", session, orderId);
    for (const attempt of [
      await post(body, sign(body, "whsec_attacker")),
      await post(body),
      await post(body.replace('"paid"', '"paid" '), sign(body)),
    ]) {
      expect(attempt).toEqual({ status: 400, data: { error: messages.webhookSignature } });
    }
    expect((await userPlan(userId)).plan).toBe("starter");
    expect(await orderStatus(orderId)).toBe("pending");
  });

  it("applies a signed checkout.session.completed once; its replay changes nothing", async () => {
    const { userId, orderId, session } = await pendingStripeOrder();
    const body = completedEvent("evt_paid_route", session, orderId);
    expect(await post(body, sign(body))).toEqual({
      status: 200,
      data: { received: true, result: "applied" },
    });
    const paid = await userPlan(userId);
    expect(paid.plan).toBe("professional");
    expect(await orderStatus(orderId)).toBe("paid");

    expect(await post(body, sign(body))).toEqual({
      status: 200,
      data: { received: true, result: "duplicate" },
    });
    expect(await userPlan(userId)).toEqual(paid);
  });

  it("fulfils a session paid later on its async_payment_succeeded event, not on its unpaid completion", async () => {
    const { userId, orderId, session } = await pendingStripeOrder();
    const completed = completedEvent("evt_debit_started", session, orderId, "unpaid");
    expect(await post(completed, sign(completed))).toEqual({
      status: 200,
      data: { received: true, result: "ignored" },
    });
    expect((await userPlan(userId)).plan).toBe("starter");
    expect(await orderStatus(orderId)).toBe("pending");

    const settled = asyncPaidEvent("evt_debit_settled", session, orderId);
    expect(await post(settled, sign(settled))).toEqual({
      status: 200,
      data: { received: true, result: "applied" },
    });
    expect((await userPlan(userId)).plan).toBe("professional");
    expect(await orderStatus(orderId)).toBe("paid");
  });
});

const docsPage = importAfterEnv(() => import("~/routes/_public.docs"));

describe("/docs with Stripe taking the payments", () => {
  it("describes Stripe's hosted checkout and offers no test cards", async () => {
    const data = await docsPage.loader({
      request: new Request("http://localhost/docs"),
      params: {},
      context: { clientIp: "203.0.113.1" },
    });
    // The page shows the simulated provider's test cards only for "simulated" (tests/e2e/site.spec.ts).
    expect(data.payments).toBe("stripe");
  });
});
