import { test } from "./support/fixtures";

for (const width of [375, 1280]) {
  test(`screens at ${width}`, async ({ page, signUp }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [["landing", "/"], ["pricing", "/pricing"], ["features", "/features"], ["docs", "/docs"], ["api", "/api"]]) {
      await page.goto(path!);
      await page.screenshot({ path: `/tmp/site-shots/${name}-${width}.png`, fullPage: true });
    }
    await signUp(page);
    await page.goto("/checkout?tier=professional&billing=monthly");
    await page.screenshot({ path: `/tmp/site-shots/checkout-details-${width}.png`, fullPage: true });
    for (const [l, v] of [["Full name", "Tess"], ["Email", "t@e.test"], ["Address", "1 Main"], ["City", "X"], ["ZIP code", "1"], ["Country", "US"]]) await page.getByLabel(l!, { exact: true }).fill(v!);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("heading", { name: "Payment" }).waitFor();
    await page.getByLabel("Card number", { exact: true }).fill("4000 0000 0000 9995");
    await page.getByLabel("Expiry date", { exact: true }).fill("12/39");
    await page.getByLabel("CVV", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Pay $25/month" }).click();
    await page.getByRole("alert").first().waitFor();
    await page.screenshot({ path: `/tmp/site-shots/checkout-payment-${width}.png`, fullPage: true });
    await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry date", { exact: true }).fill("12/39");
    await page.getByLabel("CVV", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Pay $25/month" }).click();
    await page.getByRole("heading", { name: "Thank You" }).waitFor();
    await page.screenshot({ path: `/tmp/site-shots/checkout-thanks-${width}.png`, fullPage: true });
    await page.goto("/chat?settings=account");
    await page.screenshot({ path: `/tmp/site-shots/settings-${width}.png` });
  });
}
