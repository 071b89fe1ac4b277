/**
 * The checkout's orders. An order is made by the Details step (`draft`), claimed by a payment attempt
 * (`pending`) and ends `paid` or `failed` (a failed one may be paid again). Every step checks the order's
 * owner and moves it only from the state it expects, so a replayed or doubled request changes nothing twice.
 */
import { v7 as uuidv7 } from "uuid";
import type { Db } from "#db/database";
import { nowIso, type Billing, type Order, type Plan, type User } from "#db/schema";
import { messages } from "../texts/catalogue";
import type { Details, CardInput } from "./checkout-schemas";
import type { CardProvider, PaymentEvent, RedirectProvider } from "./payment-provider";
import { CURRENCY, planEnd, priceCents } from "./prices";
import { Refusal } from "~/modules/errors/refusal";

export class CheckoutError extends Refusal {}

type Buyer = Pick<User, "id" | "is_demo">;

export async function getOrder(db: Db, user: Buyer, orderId: string): Promise<Order | null> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return order ?? null;
}

export async function requireOrder(db: Db, user: Buyer, orderId: string): Promise<Order> {
  const order = await getOrder(db, user, orderId);
  if (!order) throw new CheckoutError(messages.orderNotFound, 404);
  return order;
}

export async function listOrders(db: Db, userId: string): Promise<Order[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", ["paid", "failed"])
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
}

/**
 * Professional without an end date (an operator's grant) is never sold again: paying would give it an end
 * date, turning the grant into one paid period. Checked when the order is made and again before any charge.
 */
async function refuseEndlessPlanPurchase(db: Db, user: Buyer, tier: Plan) {
  if (tier !== "professional") return;
  const row = await db
    .selectFrom("users")
    .select(["plan", "plan_expires_at"])
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  if (row.plan === "professional" && row.plan_expires_at === null) {
    throw new CheckoutError(messages.planWithoutEnd, 409);
  }
}

/**
 * The Details step: a new draft order (or the same draft, edited after 'Back'), priced from the server's table.
 * Starter costs nothing: its order is paid at once ('Complete Registration').
 */
export async function saveDetails(
  db: Db,
  user: Buyer,
  choice: { tier: Plan; billing: Billing; orderId?: string | null },
  details: Details,
  provider: "simulated" | "stripe",
): Promise<Order> {
  if (user.is_demo) throw new CheckoutError(messages.demoCheckout, 403);
  await refuseEndlessPlanPurchase(db, user, choice.tier);
  const now = nowIso();
  const fields = {
    name: details.name,
    email: details.email,
    address: details.address,
    city: details.city,
    zip_code: details.zipCode,
    country: details.country,
    updated_at: now,
  };
  if (choice.orderId) {
    const existing = await requireOrder(db, user, choice.orderId);
    if (existing.status === "draft" || existing.status === "failed") {
      await db.updateTable("orders").set(fields).where("id", "=", existing.id).execute();
      return { ...existing, ...fields };
    }
  }
  const amount = priceCents(choice.tier, choice.billing);
  const order: Order = {
    id: uuidv7(),
    user_id: user.id,
    tier: choice.tier,
    billing: choice.billing,
    amount_cents: amount,
    currency: CURRENCY,
    provider,
    provider_ref: null,
    failure: null,
    card_brand: null,
    card_last4: null,
    status: "draft",
    paid_at: null,
    created_at: now,
    ...fields,
  };
  await db.insertInto("orders").values(order).execute();
  if (amount === 0) {
    await claim(db, order);
    await markPaid(db, order.id, { reference: `free_${order.id}` });
    return (await requireOrder(db, user, order.id)) satisfies Order;
  }
  return order;
}

/** draft | failed → pending, once: the second of two simultaneous payments of one order finds nothing to claim. */
async function claim(db: Db, order: Order): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ status: "pending", failure: null, updated_at: nowIso() })
    .where("id", "=", order.id)
    .where("status", "in", ["draft", "failed"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function markFailed(db: Db, orderId: string, failure: string) {
  await db
    .updateTable("orders")
    .set({ status: "failed", failure, updated_at: nowIso() })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .execute();
}

/**
 * pending → paid, and the plan it bought: Professional until a month or a year on (from the current end
 * date when the plan is still running, so renewing early loses nothing; a plan without end date stays so).
 * False when it was already paid.
 */
export async function markPaid(
  db: Db,
  orderId: string,
  payment: { reference: string; brand?: string | null; last4?: string | null },
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute((trx) => markPaidIn(trx, orderId, payment, now));
}

async function markPaidIn(
  trx: Db,
  orderId: string,
  payment: { reference: string; brand?: string | null; last4?: string | null },
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable("orders")
    .set({
      status: "paid",
      provider_ref: payment.reference,
      card_brand: payment.brand ?? null,
      card_last4: payment.last4 ?? null,
      failure: null,
      paid_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (order.tier !== "professional") return true;
  const user = await trx
    .selectFrom("users")
    .select(["plan", "plan_expires_at"])
    .where("id", "=", order.user_id)
    .executeTakeFirstOrThrow();
  // A grant without end date came while this payment was under way: an end date would shorten it.
  if (user.plan === "professional" && user.plan_expires_at === null) return true;
  const running =
    user.plan === "professional" && user.plan_expires_at && user.plan_expires_at > now.toISOString();
  const from = running ? new Date(user.plan_expires_at!) : now;
  await trx
    .updateTable("users")
    .set({
      plan: "professional",
      plan_expires_at: planEnd(order.billing, from).toISOString(),
      plan_cancelled_at: null,
      updated_at: now.toISOString(),
    })
    .where("id", "=", order.user_id)
    .execute();
  return true;
}

/** pending: another request is paying this order right now; this one charges nothing. */
export type PaymentOutcome =
  { status: "paid" } | { status: "pending" } | { status: "failed"; message: string };

/** The Payment step with a card provider. A paid order is never charged again. */
export async function payWithCard(
  db: Db,
  user: Buyer,
  orderId: string,
  card: CardInput,
  provider: CardProvider,
): Promise<PaymentOutcome> {
  const order = await requireOrder(db, user, orderId);
  if (order.status === "paid") return { status: "paid" };
  await refuseEndlessPlanPurchase(db, user, order.tier);
  if (!(await claim(db, order))) return { status: "pending" };
  // The amount is the order's, set from the price table when the order was made.
  const result = await provider
    .charge({ orderId: order.id, amountCents: order.amount_cents, currency: order.currency, card })
    .catch(() => ({ ok: false as const, message: messages.paymentUnavailable }));
  if (!result.ok) {
    await markFailed(db, order.id, result.message);
    return { status: "failed", message: result.message };
  }
  await markPaid(db, order.id, result);
  return { status: "paid" };
}

/** The Payment step with a redirect provider: the URL of its hosted page, or null when already paid. */
export async function startRedirectPayment(
  db: Db,
  user: Buyer,
  orderId: string,
  provider: RedirectProvider,
  urls: { successUrl: string; cancelUrl: string },
): Promise<string | null> {
  const order = await requireOrder(db, user, orderId);
  if (order.status === "paid") return null;
  await refuseEndlessPlanPurchase(db, user, order.tier);
  // A pending Stripe order may be retried (the buyer came back from the hosted page without paying).
  if (order.status !== "pending" && !(await claim(db, order))) return null;
  try {
    const { url, reference } = await provider.startCheckout({ order, ...urls });
    await db
      .updateTable("orders")
      .set({ provider: "stripe", provider_ref: reference, updated_at: nowIso() })
      .where("id", "=", order.id)
      .execute();
    return url;
  } catch {
    await markFailed(db, order.id, messages.paymentUnavailable);
    throw new CheckoutError(messages.paymentUnavailable, 503);
  }
}

/**
 * A verified provider event, applied once: its id is recorded in the same transaction as its effect, so a
 * replay finds the id and does nothing. Only an event the provider calls paid, for the session we created for
 * that order, pays it.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
): Promise<"applied" | "duplicate" | "ignored"> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto("payment_events")
      .values({ id: event.id, provider, type: event.type, created_at: nowIso() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0n) !== 1) return "duplicate";
    if (!event.paid || !event.orderId) return "ignored";
    const order = await trx
      .selectFrom("orders")
      .select(["id", "provider_ref"])
      .where("id", "=", event.orderId)
      .executeTakeFirst();
    if (!order || !event.reference || order.provider_ref !== event.reference) return "ignored";
    const paid = await markPaidIn(trx, order.id, { reference: event.reference }, new Date());
    return paid ? "applied" : "ignored";
  });
}

/** 'Cancel plan': Professional stays until its end date and is not renewed. */
export async function cancelPlan(db: Db, user: Pick<User, "id">): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select(["plan", "plan_expires_at"])
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  if (row.plan !== "professional" || !row.plan_expires_at) return null;
  await db
    .updateTable("users")
    .set({ plan_cancelled_at: nowIso(), updated_at: nowIso() })
    .where("id", "=", user.id)
    .execute();
  return row.plan_expires_at;
}
