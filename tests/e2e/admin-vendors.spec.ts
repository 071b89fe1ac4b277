/** The admin console's vendors screen, with JavaScript on and off. */
import { ALSO_WITHOUT_JS, expect, expectToast, openAsAdmin, test } from "./support/fixtures";

test.describe("admin vendors", { tag: ALSO_WITHOUT_JS }, () => {
  test("a private endpoint URL is refused with the reason, and the key is shown only by its last 4", async ({
    page,
  }) => {
    await openAsAdmin(page, "/admin/api-vendors");
    const card = page.getByTestId("vendor").filter({ hasText: "modelslab" });
    await card.getByLabel("Endpoint URL").fill("http://169.254.169.254/latest/meta-data");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Private, loopback and link-local addresses are refused",
    );

    const secret = `sk-e2e-${Date.now()}-4242`;
    const fresh = page.getByTestId("vendor").filter({ hasText: "modelslab" });
    await fresh.getByLabel(/API key/).fill(secret);
    await fresh.getByRole("button", { name: "Set key" }).click();
    await expectToast(page, "Saved", "Key saved (ends in 4242).");
    await expect(page.getByTestId("vendor").filter({ hasText: "modelslab" })).toContainText(
      "(set, ends in 4242)",
    );
    expect(await page.content()).not.toContain(secret);
  });
});
