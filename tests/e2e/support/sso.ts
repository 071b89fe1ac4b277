/** Signing in through the test server's own OpenID provider (tests/support/oidc-provider.ts). */
import { expect, type Page } from "@playwright/test";
import { SSO } from "./env";

/** From /signin through the provider's page, as `email`; the provider says the address is confirmed unless told. */
export async function continueWithTestId(page: Page, email: string, { verified = true } = {}) {
  await page.goto("/signin");
  await page.getByRole("link", { name: `Continue with ${SSO.working.displayName}` }).click();
  await expect(page.getByRole("heading", { name: "Test ID" })).toBeVisible();
  await page.getByLabel("Account e-mail").fill(email);
  await page.getByLabel("Full name").fill("Sam Single");
  await page.getByLabel("E-mail verified").setChecked(verified);
  await page.getByRole("button", { name: "Sign in to Test ID" }).click();
}
