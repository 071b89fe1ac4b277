/**
 * Settings → API keys (docs/product.md §12), with JavaScript on and off: a Professional user makes a key,
 * sees it once, uses it from the official `openai` client against this server, and revokes it; a Starter user
 * is told to upgrade.
 */
import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import OpenAI, { AuthenticationError } from "openai";
import { submitForm } from "./support/forms";
import { BASE_URL, MOCK_PORT } from "./support/env";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

const PATH = "/settings/api-keys";

/** Makes a key on the API keys page (open) and returns it as shown, the only time it is. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel("Key name").fill(name);
  await submitForm(page, page.getByRole("button", { name: "Create key" }), PATH);
  const shown = page.getByLabel("Your new API key");
  await expect(shown).toHaveValue(/^rk-[A-Za-z0-9_-]{43}$/);
  return shown.inputValue();
}

test.describe("API keys", { tag: ALSO_WITHOUT_JS }, () => {
  test("a Professional user creates a key shown once, calls the API with it, and revokes it", async ({
    page,
    user,
    db,
    baseURL,
  }) => {
    db.setPlan(user.id, "professional");
    await page.goto("/chat?settings=account");
    await page
      .getByRole("dialog", { name: "Settings" })
      .getByRole("link", { name: "Manage developer API keys" })
      .click();
    await expect(page).toHaveURL(PATH);
    await expect(page.getByRole("heading", { name: "Developer API keys", level: 1 })).toBeVisible();
    await expect(page.getByText("No API keys yet.")).toBeVisible();

    // Bad input first: a blank name stores nothing.
    const create = page.getByRole("button", { name: "Create key" });
    if (test.info().project.use.javaScriptEnabled === false) {
      const refused = await submitForm(page, create, PATH);
      expect(refused.status()).toBe(400);
    } else {
      await create.click();
    }
    await expect(page.getByText("Name is required")).toBeVisible();
    expect(db.count("select count(*) from api_keys where user_id = ?", user.id)).toBe(0);

    const key = await createKey(page, "laptop");
    const list = page.getByRole("list", { name: "Your API keys" });
    await expect(list.getByText("laptop")).toBeVisible();
    await expect(list.getByText(`${key.slice(0, 11)}…`)).toBeVisible();

    // Shown once: a reload lists the key by its prefix only.
    await page.goto(PATH);
    await expect(page.getByLabel("Your new API key")).toHaveCount(0);
    expect(await page.content()).not.toContain(key);

    // The official client, over HTTP, against this server.
    const client = new OpenAI({ apiKey: key, baseURL: `${baseURL}/v1`, maxRetries: 0 });
    const reply = await client.chat.completions.create({
      model: "dolphin-mixtral-8x22b",
      messages: [{ role: "user", content: "Hello from the SDK" }],
    });
    expect(reply.choices[0]!.message.content!.length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByText(/last used (?!never)/)).toBeVisible();

    // The /api page's curl examples, run as shown, work against this server with the key.
    await page.goto("/api");
    await expect(page.getByText(`${baseURL}/v1`, { exact: true })).toBeVisible();
    const examples = await page.locator("pre code").allTextContents();
    const curlChat = examples.find(
      (text) => text.includes("/v1/chat/completions") && !text.includes("stream"),
    )!;
    const curlStream = examples.find((text) => text.includes('"stream": true'))!;
    const run = (command: string) =>
      promisify(execFile)("bash", ["-c", command], { env: { ...process.env, ROGUE_API_KEY: key } });
    const whole = JSON.parse((await run(curlChat)).stdout) as OpenAI.ChatCompletion;
    expect(whole.choices[0]!.message.content!.length).toBeGreaterThan(0);
    expect((await run(curlStream)).stdout.trimEnd()).toMatch(/"usage":\{.*\n\ndata: \[DONE\]$/s);
    // So does the SDK example, as a module next to this project's openai package.
    const sdkExample = examples.find((text) => text.includes('from "openai"'))!;
    const script = path.join(import.meta.dirname, ".run", `sdk-example-${test.info().project.name}.mjs`);
    await writeFile(script, sdkExample);
    const printed = (await run(`node ${script}`).finally(() => rm(script))).stdout;
    // The whole reply with its usage, then the streamed one.
    expect(printed).toContain("completion_tokens");
    expect(printed.match(/Mock \w+ reply:/g)).toHaveLength(2);
    await expect(page.getByRole("heading", { name: "Data retention" })).toBeVisible();
    await page.goto(PATH);

    await submitForm(page, list.getByRole("button", { name: "Revoke laptop" }), PATH);
    await expect(page.getByText("No API keys yet.")).toBeVisible();
    const refused = await client.models.list().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AuthenticationError);
  });

  test("a Starter user is told the API is part of Professional, and cannot make a key", async ({
    page,
    user,
    db,
  }) => {
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(200);
    const notice = page.getByRole("alert");
    await expect(notice).toContainText("part of the Professional plan. Upgrade to create keys");
    // The API's own refusal names the page to go to; here a button goes there.
    await expect(notice).not.toContainText("/pricing");
    await expect(notice.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
    const posted = await page.request.post(PATH, { form: { intent: "create", name: "sneaky" } });
    expect(posted.status()).toBe(403);
    expect(db.count("select count(*) from api_keys where user_id = ?", user.id)).toBe(0);
  });
});

test("a page on another origin calls the API with a key (CORS), but cannot read the web app's pages", async ({
  page,
  user,
  db,
}) => {
  db.setPlan(user.id, "professional");
  await page.goto(PATH);
  const key = await createKey(page, "web page");

  // Another origin: the mock vendor's server (another port). The browser applies CORS to every call from it.
  await page.goto(`http://127.0.0.1:${MOCK_PORT}/__mock/requests`);
  const results = await page.evaluate(
    async ({ base, key }) => {
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${base}${path}`, init);
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
          completionId: response.headers.get("X-Rogue-Completion-Id"),
        };
      };
      const auth = { Authorization: `Bearer ${key}` };
      return {
        models: await call("/v1/models", { headers: auth }),
        // A JSON post with Authorization: the browser sends a preflight first.
        reply: await call("/v1/chat/completions", {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({
            model: "dolphin-mixtral-8x22b",
            messages: [{ role: "user", content: "Hello from another site" }],
          }),
        }),
        refused: await call("/v1/models", { headers: { Authorization: "Bearer rk-wrong" } }),
        appPage: await fetch(`${base}/settings/api-keys`).then(
          () => "read",
          (error: unknown) => String(error),
        ),
      };
    },
    { base: BASE_URL, key },
  );
  expect(results.models.status).toBe(200);
  expect(results.models.body.object).toBe("list");
  expect(results.reply.status).toBe(200);
  expect(results.reply.body.object).toBe("chat.completion");
  expect(results.reply.completionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(results.refused.status).toBe(401);
  expect(results.refused.body).toMatchObject({ error: { code: "invalid_api_key" } });
  expect(results.appPage).toContain("Failed to fetch");
});
