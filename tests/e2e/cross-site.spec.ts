/**
 * Requests from other sites are refused before any route sees them: form posts, Remix's data requests and
 * resource routes alike. Malformed bodies are the client's mistake (4xx), never a server error.
 */
import { BASE_URL } from "./support/env";
import { expect, test } from "./support/fixtures";

const EVIL = "https://evil.example";

test("a form on another site cannot sign a signed-in user out", async ({ page, user }) => {
  await page.route(`${EVIL}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" action="${BASE_URL}/signout"><button>Win a prize</button></form>`,
    }),
  );
  await page.goto(`${EVIL}/`);
  const answer = page.waitForResponse(`${BASE_URL}/signout`);
  await page.getByRole("button", { name: "Win a prize" }).click();
  expect((await answer).status()).toBe(403);
  await expect(page.getByText("This request came from another site and was refused.")).toBeVisible();
  await page.goto("/chat");
  await expect(page).toHaveURL("/chat");
  await expect(page.getByText(user.name).first()).toBeVisible();
});

test.describe("cross-site requests get 403 on every kind of route", () => {
  const targets = ["/signin", "/signout", "/signup.data", "/chat.data", "/settings", "/api/chats"];
  for (const path of targets) {
    test(`POST ${path} from another origin`, async ({ request }) => {
      const response = await request.post(path, { headers: { Origin: EVIL }, form: { a: "1" } });
      expect(response.status()).toBe(403);
      expect(await response.text()).toBe("This request came from another site and was refused.");
    });
  }

  test("a malformed Origin", async ({ request }) => {
    for (const origin of ["null", "not a url", `${BASE_URL}/path`]) {
      const response = await request.post("/signin", { headers: { Origin: origin }, form: { a: "1" } });
      expect(response.status(), origin).toBe(403);
    }
  });
});

test.describe("malformed bodies are answered 4xx, never 500", () => {
  test("JSON to a form action is 415", async ({ request }) => {
    const response = await request.post("/signin", { data: { email: "a@b.c", password: "x" } });
    expect(response.status()).toBe(415);
  });

  test("a broken multipart body is 400", async ({ request }) => {
    for (const path of ["/signin", "/signup"]) {
      const response = await request.post(path, {
        headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
        data: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nno end',
      });
      expect(response.status(), path).toBe(400);
    }
  });

  test("a body over the form limit is 413", async ({ request }) => {
    const response = await request.post("/signin", { form: { email: "x".repeat(70 * 1024) } });
    expect(response.status()).toBe(413);
  });
});
