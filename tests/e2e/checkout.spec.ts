/**
 * The checkout as a buyer works it, with JavaScript on and off: Details → Payment → Confirmation with the
 * simulated provider, every bad input, and requests a browser would not make (tampered, replayed, cross-site).
 */
import type { Page } from "@playwright/test";
import { postForm, submitForm } from "./support/forms";
import { ALSO_WITHOUT_JS, expect, openDemoLink, test } from "./support/fixtures";

const DETAILS = {
  "Full name": "Tess Buyer",
  Email: "tess@example.test",
  Address: "1 Main St",
  City: "Springfield",
  "ZIP code": "12345",
  Country: "USA",
};
const PLAN_WITHOUT_END = "You already have Professional without an end date, so there is nothing to buy.";
const CARD = { "Card number": "4242 4242 4242 4242", "Expiry date": "12/39", CVV: "123" };

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get("order")!;

interface OrderRow {
  id: string;
  status: string;
  amount_cents: number;
  card_brand: string | null;
  card_last4: string | null;
  tier: string;
}

async function toPayment(page: Page, query = "tier=professional&billing=monthly") {
  await page.goto(`/checkout?${query}`);
  await fill(page, DETAILS);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  return orderIdOf(page);
}

/** Details, then Payment with `card`: a monthly Professional order paid, its Thank You shown. */
async function payMonthly(page: Page, card: Record<string, string> = CARD) {
  const orderId = await toPayment(page);
  await fill(page, card);
  await page.getByRole("button", { name: "Pay $25/month" }).click();
  await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
  return orderId;
}

test.describe("checkout", { tag: ALSO_WITHOUT_JS }, () => {
  test("a yearly Professional checkout goes Details → Payment → Thank You and makes the account Professional for a year", async ({
    page,
    db,
    user,
  }) => {
    await page.goto("/checkout?tier=professional&billing=annually");
    await expect(page.getByRole("link", { name: "← Back to Pricing" })).toBeVisible();
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByTestId("summary-total")).toHaveText("$250/year");
    await fill(page, DETAILS);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    await expect(summary.getByTestId("summary-total")).toHaveText("$250/year");

    // Back returns to the details, as typed; continuing keeps the same order.
    const orderId = orderIdOf(page);
    await page.getByRole("link", { name: "← Back to Details" }).click();
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Main St");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    expect(orderIdOf(page)).toBe(orderId);

    await fill(page, CARD);
    await page.getByRole("button", { name: "Pay $250/year" }).click();
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("$250");
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Start Using AI" })).toHaveAttribute("href", "/chat");
    await expect(page.getByRole("link", { name: "support@rogue-ai.app" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Accepted cards" }).getByRole("listitem")).toHaveCount(4);

    const order = db.get<OrderRow>("select * from orders where id = ?", orderId)!;
    expect(order).toMatchObject({
      status: "paid",
      amount_cents: 25000,
      card_last4: "4242",
      tier: "professional",
    });
    const row = db.get<{ plan: string; plan_expires_at: string }>(
      "select plan, plan_expires_at from users where id = ?",
      user.id,
    )!;
    expect(row.plan).toBe("professional");
    expect(new Date(row.plan_expires_at).getTime() - Date.now()).toBeGreaterThan(364 * 86_400_000);
    // Nothing but the last 4 digits of the card is kept.
    expect(db.count("select count(*) from orders where id = ? and (name like '%4242 4242%')", orderId)).toBe(
      0,
    );

    // A reload shows the same confirmation; replaying the payment post charges nothing and moves no date.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
    const replay = await postForm(page.request, "/checkout", {
      intent: "pay",
      orderId,
      cardNumber: "4242424242424242",
      expiry: "12/39",
      cvv: "123",
    });
    expect(replay.status()).toBe(303);
    expect(
      db.get<{ plan_expires_at: string }>("select plan_expires_at from users where id = ?", user.id),
    ).toEqual({
      plan_expires_at: row.plan_expires_at,
    });
    expect(db.count("select count(*) from orders where user_id = ? and status = 'paid'", user.id)).toBe(1);
  });

  test("Starter skips Payment: 'Complete Registration' goes straight to Thank You for $0", async ({
    page,
    db,
    user,
  }) => {
    await page.goto("/checkout?tier=starter");
    await expect(page.getByRole("list", { name: "Checkout steps" })).not.toContainText("Payment");
    await fill(page, DETAILS);
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("$0");
    expect(db.get<{ plan: string }>("select plan from users where id = ?", user.id)?.plan).toBe("starter");
  });

  test("a signed-out visitor signs in and comes back to the same tier and billing", async ({
    page,
    account,
  }) => {
    await page.goto("/checkout?tier=professional&billing=annually");
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(
      "/checkout?tier=professional&billing=annually",
    );
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/checkout?tier=professional&billing=annually");
    await expect(page.getByTestId("summary-total")).toHaveText("$250/year");
  });

  const badDetails: { label: keyof typeof DETAILS; value: string; message: string }[] = [
    { label: "Full name", value: "", message: "Name is required" },
    { label: "Email", value: "", message: "Email is required" },
    { label: "Email", value: "not-an-email", message: "Invalid email address" },
    { label: "Address", value: " ", message: "Address is required" },
    { label: "City", value: "", message: "City is required" },
    { label: "ZIP code", value: "", message: "ZIP code is required" },
    { label: "Country", value: "", message: "Country is required" },
  ];
  for (const bad of badDetails) {
    test(`Details with ${bad.label} '${bad.value}' says '${bad.message}' and makes no order`, async ({
      page,
      db,
      user,
      javaScriptEnabled,
    }) => {
      await page.goto("/checkout?tier=professional");
      await fill(page, { ...DETAILS, [bad.label]: bad.value });
      const button = page.getByRole("button", { name: "Continue to Payment" });
      if (javaScriptEnabled) await button.click();
      else expect((await submitForm(page, button, "/checkout")).status()).toBe(400);
      await expect(page.getByText(bad.message, { exact: true })).toBeVisible();
      expect(db.count("select count(*) from orders where user_id = ?", user.id)).toBe(0);
    });
  }

  /** Each refusal (the status the form answers and what it says) and the card values that bring it. */
  const refusals: { status: number; message: string; tried: Partial<typeof CARD>[] }[] = [
    { status: 400, message: "Card number is required", tried: [{ "Card number": "" }] },
    {
      status: 400,
      message: "Please enter a valid 16-digit card number",
      tried: [{ "Card number": "4242 4242 4242" }, { "Card number": "4242x42424242424" }],
    },
    { status: 400, message: "Expiry date is required", tried: [{ "Expiry date": "" }] },
    {
      status: 400,
      message: "Please use format MM/YY",
      tried: [{ "Expiry date": "13/30" }, { "Expiry date": "1230" }],
    },
    { status: 400, message: "CVV is required", tried: [{ CVV: "" }] },
    { status: 400, message: "CVV must be 3 or 4 digits", tried: [{ CVV: "12" }] },
    {
      status: 402,
      message: "This card number is not valid. Please check it and try again.",
      tried: [{ "Card number": "4242 4242 4242 4241" }],
    },
    {
      status: 402,
      message: "Your card was declined: insufficient funds. Please use another card.",
      tried: [{ "Card number": "4000 0000 0000 9995" }],
    },
    {
      status: 402,
      message: "Your card has expired. Please use another card.",
      tried: [{ "Card number": "4000 0000 0000 0069" }, { "Expiry date": "01/21" }],
    },
  ];
  const badCards = refusals.flatMap(({ tried, ...refusal }) =>
    tried.map((values) => ({ values, ...refusal })),
  );
  for (const bad of badCards) {
    test(`Payment with ${JSON.stringify(bad.values)} says '${bad.message}' and pays nothing`, async ({
      page,
      db,
      user,
      javaScriptEnabled,
    }) => {
      const orderId = await toPayment(page);
      await fill(page, { ...CARD, ...bad.values });
      const button = page.getByRole("button", { name: "Pay $25/month" });
      if (javaScriptEnabled && bad.status === 400) await button.click();
      else expect((await submitForm(page, button, "/checkout")).status()).toBe(bad.status);
      await expect(page.getByText(bad.message, { exact: true }).first()).toBeVisible();
      expect(db.get<OrderRow>("select * from orders where id = ?", orderId)?.status).not.toBe("paid");
      expect(db.get<{ plan: string }>("select plan from users where id = ?", user.id)?.plan).toBe("starter");
      // A page the server re-renders never carries the card number back.
      if (!javaScriptEnabled) await expect(page.getByLabel("Card number", { exact: true })).toHaveValue("");
    });
  }

  test("an American Express card's 15 digits pay, and Thank You shows its brand and last 4", async ({
    page,
    db,
    user: _user,
  }) => {
    const orderId = await payMonthly(page, { ...CARD, "Card number": "3782 822463 10005", CVV: "1234" });
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText(
      "American Express •••• 0005",
    );
    expect(db.get<OrderRow>("select * from orders where id = ?", orderId)).toMatchObject({
      status: "paid",
      card_brand: "American Express",
      card_last4: "0005",
    });
  });

  test("after a declined card, a resubmit with a bad field shows that field's error and no longer the decline", async ({
    page,
    user: _user,
    javaScriptEnabled,
  }) => {
    const orderId = await toPayment(page);
    const declined = "Your card was declined: insufficient funds. Please use another card.";
    const pay = page.getByRole("button", { name: "Pay $25/month" });
    await fill(page, { ...CARD, "Card number": "4000 0000 0000 9995" });
    expect((await submitForm(page, pay, "/checkout")).status()).toBe(402);
    await expect(page.getByText(declined, { exact: true })).toBeVisible();
    // Coming back to the order, it still says why it failed.
    await page.goto(`/checkout?order=${orderId}`);
    await expect(page.getByText(declined, { exact: true })).toBeVisible();
    if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);

    await fill(page, { ...CARD, "Card number": "4242 4242 4242" });
    if (javaScriptEnabled) await pay.click();
    else expect((await submitForm(page, pay, "/checkout")).status()).toBe(400);
    await expect(page.getByText("Please enter a valid 16-digit card number", { exact: true })).toBeVisible();
    await expect(page.getByText(declined, { exact: true })).toHaveCount(0);
  });

  test("on a phone the order summary, with its price, comes before the Details form; beside it at 1280 px", async ({
    page,
    user: _user,
  }) => {
    const summary = page.getByRole("complementary", { name: "Order summary" });
    const form = page.getByLabel("Full name");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/checkout?tier=professional");
    await page.waitForLoadState("load");
    await expect(summary.getByTestId("summary-total")).toHaveText("$25/month");
    const [phoneSummary, phoneForm] = [(await summary.boundingBox())!, (await form.boundingBox())!];
    expect(phoneSummary.y + phoneSummary.height, "the summary ends above the form").toBeLessThanOrEqual(
      phoneForm.y,
    );

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(async () => (await summary.boundingBox())!.x)
      .toBeGreaterThan((await form.boundingBox())!.x);
    const [wideSummary, wideForm] = [(await summary.boundingBox())!, (await form.boundingBox())!];
    expect(wideSummary.x, "the summary is the right-hand column").toBeGreaterThan(
      wideForm.x + wideForm.width,
    );
    expect(wideSummary.y, "at the top, beside the form").toBeLessThan(wideForm.y + wideForm.height);
  });

  test("Thank You's order summary is as tall as its content and each value sits on its label's line, at 1280 and 375 px", async ({
    page,
    user: _user,
  }) => {
    await payMonthly(page);
    // Measured once the page's stylesheet applies: the heading can show before it has loaded.
    await page.waitForLoadState("load");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // The box ends its padding (1rem) below its last line, not at the bottom of the column beside it.
      const [boxBottom, contentBottom] = await summary.evaluate((box) => [
        box.getBoundingClientRect().bottom,
        box.lastElementChild!.getBoundingClientRect().bottom,
      ]);
      expect(
        boxBottom - contentBottom,
        `space under the summary's last line at ${width} px`,
      ).toBeLessThanOrEqual(17 + 1);
      // Each row's label and value share a baseline: a zero-height inline block sits on its parent's baseline.
      const offsets = await summary.locator("dl > div").evaluateAll((rows) =>
        rows.map((row) => {
          const baseline = (cell: Element) => {
            const probe = document.createElement("span");
            probe.style.display = "inline-block";
            cell.append(probe);
            const top = probe.getBoundingClientRect().top;
            probe.remove();
            return top;
          };
          return Math.abs(baseline(row.querySelector("dt")!) - baseline(row.querySelector("dd")!));
        }),
      );
      expect(offsets.length).toBeGreaterThanOrEqual(4);
      expect(
        offsets.every((offset) => offset < 1),
        `baseline offsets of the rows at ${width} px: ${offsets.join(", ")}`,
      ).toBe(true);
    }
  });

  test("a demo user is asked to create a real account first", async ({ page }) => {
    await openDemoLink(page);
    await expect(page).toHaveURL(/\/chat/);
    await page.goto("/checkout?tier=professional");
    await expect(page.getByRole("alert")).toHaveText(
      "Demo accounts cannot buy a plan. Create a free account first — your demo chats carry over.",
    );
    await page.getByRole("link", { name: "Create Free Account" }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=/);
  });

  test("a Professional plan without an end date is not sold again: checkout says so and offers no form", async ({
    page,
    db,
    user,
  }) => {
    db.setPlan(user.id, "professional", null);
    await page.goto("/checkout?tier=professional&billing=annually");
    await expect(page.getByRole("heading", { name: "You already have Professional" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(PLAN_WITHOUT_END);
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);
  });

  test("a Details form sent after a grant of Professional without end date is refused with 409 and buys nothing", async ({
    page,
    db,
    user,
  }) => {
    // The checkout was open when an operator granted Professional without end date.
    await page.goto("/checkout?tier=professional");
    await fill(page, DETAILS);
    db.setPlan(user.id, "professional", null);
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout"),
      ),
      page.getByRole("button", { name: "Continue to Payment" }).click(),
    ]);
    expect(answer.status()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText(PLAN_WITHOUT_END);
    expect(db.count("select count(*) from orders where user_id = ?", user.id)).toBe(0);
    expect(
      db.get<{ plan_expires_at: string | null }>("select plan_expires_at from users where id = ?", user.id),
    ).toEqual({
      plan_expires_at: null,
    });
  });
});

test.describe("checkout requests a browser form would not send", () => {
  test("a tampered tier or billing in the URL is refused with a message and a 400", async ({
    page,
    user: _user,
  }) => {
    for (const query of ["tier=enterprise", "tier=professional&billing=weekly"]) {
      const response = await page.goto(`/checkout?${query}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("alert")).toHaveText(
        "This plan or billing period does not exist. Please choose a plan on the pricing page.",
      );
    }
  });

  test("a tampered tier, a posted amount, a signed-out or cross-site post, and another user's order change nothing", async ({
    page,
    db,
    user,
    playwright,
    baseURL,
  }) => {
    const details = {
      intent: "details",
      name: "Tess",
      email: "t@example.test",
      address: "1 Main",
      city: "X",
      zipCode: "1",
      country: "US",
    };
    expect(
      (await postForm(page.request, "/checkout", { ...details, tier: "gold", billing: "monthly" })).status(),
    ).toBe(400);
    const withAmount = await postForm(page.request, "/checkout", {
      ...details,
      tier: "professional",
      billing: "monthly",
      amount: "1",
    });
    expect(withAmount.status()).toBe(400);
    expect(await withAmount.text()).toContain("The price is set by the server and cannot be changed.");
    const crossSite = await page.request.post("/checkout", {
      form: { ...details, tier: "professional", billing: "monthly" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(db.count("select count(*) from orders where user_id = ?", user.id)).toBe(0);

    const orderId = await toPayment(page);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const card = { intent: "pay", orderId, cardNumber: "4242424242424242", expiry: "12/39", cvv: "123" };
      const signedOut = await postForm(stranger, "/checkout", card);
      expect(signedOut.status()).toBe(401);
      await stranger.post("/signup", {
        form: {
          name: "Other",
          email: `other-${orderId}@e2e.test`,
          password: "password-123",
          redirectTo: "/",
        },
      });
      expect((await postForm(stranger, "/checkout", card)).status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    expect(db.get<OrderRow>("select * from orders where id = ?", orderId)?.status).toBe("draft");
    expect(db.get<{ plan: string }>("select plan from users where id = ?", user.id)?.plan).toBe("starter");
  });

  test("the Stripe webhook answers 404 while the simulated provider is in use", async ({ request }) => {
    const response = await request.post("/api/stripe/webhook", {
      data: '{"id":"evt_forged","type":"checkout.session.completed"}',
      headers: { "Stripe-Signature": "t=1,v1=forged", "Content-Type": "application/json" },
    });
    expect(response.status()).toBe(404);
  });
});

test("Settings → Account shows the plan's end date and orders, and 'Cancel plan' keeps Professional until then", async ({
  page,
  user: _user,
}) => {
  await payMonthly(page);
  await page.goto("/chat?settings=account");
  const ends = page.getByTestId("settings-plan-ends");
  // Nothing charges the card again: the plan ends on its date unless bought again.
  await expect(ends).toContainText("Professional — ends on");
  await expect(ends).not.toContainText("renews");
  await expect(page.getByRole("list", { name: "Orders" })).toContainText("$25 · paid · Visa •••• 4242");
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(ends).toContainText("cancelled, it will not renew");
  await expect(page.getByTestId("settings-plan")).toHaveText("Professional");
});

test("signing up from a demo keeps the demo's chats on the new account", async ({ page, db }, testInfo) => {
  await openDemoLink(page);
  await expect(page).toHaveURL(/\/chat/);
  // Other tests start demos too: the converted account must be one of the demo users that existed before.
  const demoIds = db.all<{ id: string }>("select id from users where is_demo = 1").map((row) => row.id);
  await page.goto("/signup");
  const email = `convert-${testInfo.workerIndex}-${Date.now()}@e2e.test`;
  await page.getByLabel("Name", { exact: true }).fill("Converted");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password-123");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/");
  const converted = db.userByEmail(email)!;
  expect(converted.is_demo).toBe(0);
  expect(demoIds).toContain(converted.id);
});

test(`a Professional plan past its end date is Starter again: three messages a day and 'Free Plan' ${ALSO_WITHOUT_JS}`, async ({
  page,
  db,
  user,
}) => {
  db.setPlan(user.id, "professional", new Date(Date.now() + 86_400_000));
  await page.goto("/chat?settings=account");
  await expect(page.getByTestId("settings-plan")).toHaveText("Professional");
  await expect(page.getByTestId("messages-left")).toHaveCount(0);

  db.setPlan(user.id, "professional", new Date(Date.now() - 1_000));
  await page.goto("/chat?settings=account");
  await expect(page.getByTestId("settings-plan")).toHaveText("Free Plan");
  await expect(page.getByTestId("messages-left")).toHaveText(/^3 of 3 free messages left today/);
});

test.describe("checkout with JavaScript", () => {
  test("shows a field's error as the buyer types, before any post", async ({ page, user: _user }) => {
    await page.goto("/checkout?tier=professional");
    await page.waitForFunction(() => "__remixRouter" in window);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Email", { exact: true }).blur();
    await expect(page.getByText("Invalid email address", { exact: true })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("tess@example.test");
    await expect(page.getByText("Invalid email address", { exact: true })).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("says 'Processing...' while the payment is sent", async ({ page, user: _user }) => {
    await toPayment(page);
    // Only the app's own submit says 'Processing...': on a busy machine its scripts may still be loading, and
    // a click then posts the form natively. Remix's router exists once they run.
    await page.waitForFunction(() => "__remixRouter" in window);
    await fill(page, CARD);
    // Hold the payment's post until the button has been seen saying so, then let it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Any POST: the app's submit goes to the route's data URL (`/checkout.data`), not the page's.
    await page.route(
      () => true,
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        await held;
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Pay $25/month" }).click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
  });
});
