/** The admin console's vendors screen, with JavaScript on and off. */
import {
  ALSO_WITHOUT_JS,
  expect,
  expectRefusedOnce,
  expectToast,
  javaScriptOn,
  openAsAdmin,
  test,
} from "./support/fixtures";

const PRIVATE_URL_REFUSED =
  "Private, loopback and link-local addresses are refused (set ALLOW_PRIVATE_VENDOR_URLS=true for a local model server).";

test.describe("admin vendors", { tag: ALSO_WITHOUT_JS }, () => {
  test("a private endpoint URL is refused, saying why once: in the 'Action Failed' toast and under that vendor's form", async ({
    page,
    db,
  }) => {
    await openAsAdmin(page, "/admin/api-vendors");
    const card = page.getByTestId("vendor").filter({ hasText: "modelslab" });
    await card.getByLabel("Endpoint URL").fill("http://169.254.169.254/latest/meta-data");
    await card.getByRole("button", { name: "Save" }).click();
    const editForm = page
      .getByTestId("vendor")
      .filter({ hasText: "modelslab" })
      .locator("form")
      .filter({ has: page.getByLabel("Endpoint URL") });
    await expectRefusedOnce(page, "Action Failed", PRIVATE_URL_REFUSED, editForm);
    expect(db.count("select count(*) from api_vendors where endpoint_url like '%169.254.169.254%'")).toBe(0);
  });

  test("an OpenAI-compatible endpoint's models are listed and one is added to the catalogue in one click", async ({
    page,
    db,
  }) => {
    // Each project adds its own of the mock's two models, so the two runs do not meet.
    const model = javaScriptOn() ? "mock-chat-small" : "mock-chat-large";
    await openAsAdmin(page, "/admin/api-vendors");
    const card = page
      .getByTestId("vendor")
      .filter({ has: page.getByRole("heading", { name: "OpenAI", exact: true }) });
    await card.getByRole("button", { name: "List the endpoint's models" }).click();
    await expect(page).toHaveURL(/[?&]models=openai\b/);
    const row = card.getByTestId("endpoint-models").getByRole("listitem").filter({ hasText: model });
    await row.getByRole("button", { name: `Add ${model}` }).click();
    await expectToast(page, "Saved", `${model} saved; the chat's model list shows it now.`);
    await expect(row).toContainText(`In the catalogue as ${model}`);
    expect(
      db.count(
        "select count(*) from api_vendor_models m join api_vendors v on v.id = m.vendor_id where v.name = 'openai' and m.model_id = ?",
        model,
      ),
    ).toBe(1);
  });

  test("a vendor's key is shown only by its last 4", async ({ page }) => {
    await openAsAdmin(page, "/admin/api-vendors");
    const secret = `sk-e2e-${Date.now()}-4242`;
    const card = page.getByTestId("vendor").filter({ hasText: "modelslab" });
    await card.getByLabel(/API key/).fill(secret);
    await card.getByRole("button", { name: "Set key" }).click();
    await expectToast(page, "Saved", "Key saved (ends in 4242).");
    await expect(page.getByTestId("vendor").filter({ hasText: "modelslab" })).toContainText(
      "(set, ends in 4242)",
    );
    expect(await page.content()).not.toContain(secret);
  });
});
