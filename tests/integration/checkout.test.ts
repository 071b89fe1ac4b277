/**
 * The checkout's money paths against a real database: the simulated provider's cards, and Stripe through its
 * official SDK pointed at a local fake of the one API call it makes, with webhooks signed by the SDK's helper.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { effectivePlan } from "#db/plans";
import {
  applyPaymentEvent,
  cancelPlan,
  CheckoutError,
  payWithCard,
  saveDetails,
  startRedirectPayment,
} from "~/modules/billing/orders.server";
import {
  createSimulatedProvider,
  luhnValid,
  SIMULATED_DECLINES,
  SIMULATED_SUCCESS_CARDS,
} from "~/modules/billing/simulated-provider";
import { createStripeProvider } from "~/modules/billing/stripe-provider.server";
import { messages } from "~/modules/texts/catalogue";
import { insertUser, rowWhere } from "../support/rows";
import { completedEvent, signWebhook } from "../support/stripe";

const details = {
  name: "Tess Buyer",
  email: "tess@example.test",
  address: "1 Main St",
  city: "Springfield",
  zipCode: "12345",
  country: "USA",
};
const goodCard = { cardNumber: "4242424242424242", expiry: "12/39", cvv: "123" };
const WEBHOOK_SECRET = "whsec_test_secret";

let dir: string;
let db: Db;
let fakeStripe: Server;
const sessionsCreated: URLSearchParams[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rogue-checkout-"));
  db = createDatabase(`file:${path.join(dir, "app.db")}`);
  await migrateToLatest(db);
  // The one call the Stripe provider makes: POST /v1/checkout/sessions.
  fakeStripe = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
        res.writeHead(404).end(JSON.stringify({ error: { message: "not faked" } }));
        return;
      }
      const form = new URLSearchParams(body);
      sessionsCreated.push(form);
      const id = `cs_test_${sessionsCreated.length}`;
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/pay/${id}`,
          client_reference_id: form.get("client_reference_id"),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fakeStripe.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => fakeStripe.close(resolve));
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const buyer = async () => ({ id: await insertUser(db), is_demo: 0 as const });
const userRow = (id: string) => rowWhere(db, "users", "id", id);
const orderRow = (id: string) => rowWhere(db, "orders", "id", id);
/** A draft Professional order with the test's buyer details. */
const professionalOrder = (
  user: Parameters<typeof saveDetails>[1],
  billing: "monthly" | "annually" = "monthly",
  provider: Parameters<typeof saveDetails>[4] = "simulated",
) => saveDetails(db, user, { tier: "professional", billing }, details, provider);
/** Days from now until the user's plan ends. */
const daysOfPlanLeft = (row: { plan_expires_at: string | null }) =>
  (new Date(row.plan_expires_at!).getTime() - Date.now()) / 86_400_000;

describe("the simulated provider", () => {
  it("accepts its documented decline numbers as Luhn-valid, so they reach the decline", () => {
    for (const number of Object.keys(SIMULATED_DECLINES)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });

  it("pays with each documented success card, and the order keeps that card's brand and last 4", async () => {
    const user = await buyer();
    const provider = createSimulatedProvider();
    for (const [brand, number] of Object.entries(SIMULATED_SUCCESS_CARDS)) {
      const order = await professionalOrder(user);
      const card = { ...goodCard, cardNumber: number, cvv: "1234" };
      expect(await payWithCard(db, user, order.id, card, provider)).toEqual({ status: "paid" });
      expect(await orderRow(order.id)).toMatchObject({
        status: "paid",
        card_brand: brand,
        card_last4: number.slice(-4),
      });
    }
  });

  it("pays a Professional order once, prices it from the table, and sets the plan for a month", async () => {
    const user = await buyer();
    const order = await professionalOrder(user);
    expect(order).toMatchObject({ status: "draft", amount_cents: 2500, currency: "usd" });
    const provider = createSimulatedProvider();
    expect(await payWithCard(db, user, order.id, goodCard, provider)).toEqual({ status: "paid" });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({
      status: "paid",
      card_brand: "Visa",
      card_last4: "4242",
      amount_cents: 2500,
    });
    // Nothing of the card but brand and last 4 is stored.
    expect(JSON.stringify(paid)).not.toContain("4242424242424242");
    const row = await userRow(user.id);
    expect(row.plan).toBe("professional");
    const days = daysOfPlanLeft(row);
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    // Paying the same order again charges nothing and moves the date nowhere.
    let charges = 0;
    const counting = {
      ...provider,
      charge: async (...args: Parameters<typeof provider.charge>) => {
        charges += 1;
        return provider.charge(...args);
      },
    };
    expect(await payWithCard(db, user, order.id, goodCard, counting)).toEqual({ status: "paid" });
    expect(charges).toBe(0);
    expect((await userRow(user.id)).plan_expires_at).toBe(row.plan_expires_at);
  });

  it("declines insufficient funds and an expired card with a clear message, and the plan stays Starter", async () => {
    const user = await buyer();
    const provider = createSimulatedProvider();
    for (const [number, message] of Object.entries(SIMULATED_DECLINES)) {
      const order = await professionalOrder(user, "annually");
      expect(await payWithCard(db, user, order.id, { ...goodCard, cardNumber: number }, provider)).toEqual({
        status: "failed",
        message,
      });
      expect(await orderRow(order.id)).toMatchObject({ status: "failed", failure: message });
    }
    const order = await professionalOrder(user, "annually");
    expect(await payWithCard(db, user, order.id, { ...goodCard, expiry: "01/20" }, provider)).toEqual({
      status: "failed",
      message: messages.cardExpired,
    });
    expect(
      await payWithCard(db, user, order.id, { ...goodCard, cardNumber: "4242424242424241" }, provider),
    ).toEqual({
      status: "failed",
      message: messages.cardNumberRejected,
    });
    expect((await userRow(user.id)).plan).toBe("starter");
    // A failed order can be paid with another card.
    expect(await payWithCard(db, user, order.id, goodCard, provider)).toEqual({ status: "paid" });
    const row = await userRow(user.id);
    const days = daysOfPlanLeft(row);
    expect(days).toBeGreaterThan(364);
  });

  it("makes a Starter order paid at once for $0 without touching the plan", async () => {
    const user = await buyer();
    const order = await saveDetails(db, user, { tier: "starter", billing: "monthly" }, details, "simulated");
    expect(order).toMatchObject({ status: "paid", amount_cents: 0 });
    expect((await userRow(user.id)).plan).toBe("starter");
  });

  it("refuses another user's order and a demo user's checkout", async () => {
    const owner = await buyer();
    const order = await professionalOrder(owner);
    const stranger = await buyer();
    await expect(
      payWithCard(db, stranger, order.id, goodCard, createSimulatedProvider()),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(professionalOrder({ id: stranger.id, is_demo: 1 })).rejects.toBeInstanceOf(CheckoutError);
    expect((await orderRow(order.id)).status).toBe("draft");
  });
});

describe("plan expiry and cancel", () => {
  it("reads an expired Professional plan as Starter, and one without an end date as Professional", () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(effectivePlan({ plan: "professional", plan_expires_at: past })).toBe("starter");
    expect(effectivePlan({ plan: "professional", plan_expires_at: future })).toBe("professional");
    expect(effectivePlan({ plan: "professional", plan_expires_at: null })).toBe("professional");
    expect(effectivePlan({ plan: "starter", plan_expires_at: future })).toBe("starter");
  });

  it("keeps Professional until the end date after 'Cancel plan'", async () => {
    const user = await buyer();
    const order = await professionalOrder(user);
    await payWithCard(db, user, order.id, goodCard, createSimulatedProvider());
    const until = await cancelPlan(db, user);
    const row = await userRow(user.id);
    expect(until).toBe(row.plan_expires_at);
    expect(row.plan_cancelled_at).not.toBeNull();
    expect(effectivePlan(row)).toBe("professional");
  });
});

describe("a Professional plan without an end date (an operator's grant)", () => {
  const grantForever = (id: string) =>
    db
      .updateTable("users")
      .set({ plan: "professional", plan_expires_at: null })
      .where("id", "=", id)
      .execute();

  it("refuses to sell Professional again (409), so the grant never becomes one paid month", async () => {
    const user = await buyer();
    await grantForever(user.id);
    const refused = { status: 409, message: messages.planWithoutEnd };
    await expect(professionalOrder(user)).rejects.toMatchObject(refused);
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await userRow(user.id)).plan_expires_at).toBeNull();
  });

  it("refuses the payment of an order made before the grant, and charges nothing", async () => {
    const user = await buyer();
    const order = await professionalOrder(user);
    await grantForever(user.id);
    let charges = 0;
    const provider = createSimulatedProvider();
    const counting = {
      ...provider,
      charge: async (...args: Parameters<typeof provider.charge>) => {
        charges += 1;
        return provider.charge(...args);
      },
    };
    await expect(payWithCard(db, user, order.id, goodCard, counting)).rejects.toMatchObject({
      status: 409,
      message: messages.planWithoutEnd,
    });
    expect(charges).toBe(0);
    expect((await orderRow(order.id)).status).toBe("draft");
    expect((await userRow(user.id)).plan_expires_at).toBeNull();
  });
});

describe("the Stripe provider", () => {
  const provider = () => {
    const { port } = fakeStripe.address() as AddressInfo;
    return createStripeProvider({
      secretKey: "sk_test_fake",
      webhookSecret: WEBHOOK_SECRET,
      host: "127.0.0.1",
      port,
      protocol: "http",
    });
  };
  const sign = (payload: string, secret = WEBHOOK_SECRET) => signWebhook(payload, secret);

  async function startPayment() {
    const user = await buyer();
    const order = await professionalOrder(user, "monthly", "stripe");
    const url = await startRedirectPayment(db, user, order.id, provider(), {
      successUrl: "http://localhost/checkout?ok",
      cancelUrl: "http://localhost/checkout",
    });
    return { user, order, url, session: (await orderRow(order.id)).provider_ref! };
  }

  it("creates a Checkout Session for the order's server-side price and redirects to it", async () => {
    const { order, url, session } = await startPayment();
    expect(url).toBe(`https://checkout.stripe.test/pay/${session}`);
    const sent = sessionsCreated.at(-1)!;
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("2500");
    expect(sent.get("client_reference_id")).toBe(order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", provider: "stripe" });
  });

  it("changes the plan only on a signed checkout.session.completed, applied once", async () => {
    const { user, order, session } = await startPayment();
    const p = provider();
    const body = completedEvent("evt_paid_1", session, order.id);
    expect(p.verifyEvent(body, sign(body, "whsec_wrong"))).toBeNull();
    expect(p.verifyEvent(body, null)).toBeNull();
    expect(p.verifyEvent(body.replace("paid", "unpaid"), sign(body))).toBeNull();
    expect((await userRow(user.id)).plan).toBe("starter");

    const event = p.verifyEvent(body, sign(body))!;
    expect(await applyPaymentEvent(db, "stripe", event)).toBe("applied");
    const first = await userRow(user.id);
    expect(first.plan).toBe("professional");
    expect(await applyPaymentEvent(db, "stripe", p.verifyEvent(body, sign(body))!)).toBe("duplicate");
    expect((await userRow(user.id)).plan_expires_at).toBe(first.plan_expires_at);
    expect((await orderRow(order.id)).status).toBe("paid");
  });

  it("a payment begun before an operator's grant without end date is recorded and leaves the grant endless", async () => {
    const { user, order, session } = await startPayment();
    await db
      .updateTable("users")
      .set({ plan: "professional", plan_expires_at: null })
      .where("id", "=", user.id)
      .execute();
    const body = completedEvent("evt_paid_after_grant", session, order.id);
    expect(await applyPaymentEvent(db, "stripe", provider().verifyEvent(body, sign(body))!)).toBe("applied");
    expect((await orderRow(order.id)).status).toBe("paid");
    expect(await userRow(user.id)).toMatchObject({ plan: "professional", plan_expires_at: null });
  });

  it("ignores an unpaid session and an event naming a session that is not the order's", async () => {
    const { user, order, session } = await startPayment();
    const p = provider();
    const unpaid = completedEvent("evt_unpaid", session, order.id, "unpaid");
    expect(await applyPaymentEvent(db, "stripe", p.verifyEvent(unpaid, sign(unpaid))!)).toBe("ignored");
    const other = completedEvent("evt_other", "cs_someone_else", order.id);
    expect(await applyPaymentEvent(db, "stripe", p.verifyEvent(other, sign(other))!)).toBe("ignored");
    expect((await userRow(user.id)).plan).toBe("starter");
    expect((await orderRow(order.id)).status).toBe("pending");
  });
});
