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
