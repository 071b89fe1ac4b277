/**
 * Settings → API keys (docs/product.md §12), with JavaScript on and off: a Professional user makes a key,
 * sees it once, uses it from the official `openai` client against this server, and revokes it; a Starter user
 * is told to upgrade.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import OpenAI, { AuthenticationError } from "openai";
import { submitForm } from "./support/forms";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

const PATH = "/settings/api-keys";

test.describe("API keys", { tag: ALSO_WITHOUT_JS }, () => {
  test("a Professional user creates a key shown once, calls the API with it, and revokes it", async ({
    page,
    user,
    db,
    baseURL,
  }) => {
    db.setPlan(user.id, "professional");
    await page.goto("/chat?settings=account");
    await page.getByRole("dialog", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
    await expect(page).toHaveURL(PATH);
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
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

    await page.getByLabel("Key name").fill("laptop");
    await submitForm(page, create, PATH);
    const shown = page.getByLabel("Your new API key");
    await expect(shown).toHaveValue(/^rk-[A-Za-z0-9_-]{43}$/);
    const key = await shown.inputValue();
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
    await expect(page.getByRole("alert")).toContainText("part of the Professional plan");
    await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
    const posted = await page.request.post(PATH, { form: { intent: "create", name: "sneaky" } });
    expect(posted.status()).toBe(403);
    expect(db.count("select count(*) from api_keys where user_id = ?", user.id)).toBe(0);
  });
});
