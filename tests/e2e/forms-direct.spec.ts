/**
 * A form opened straight from the address bar (a bookmark, a typed URL, a link from an e-mail) and submitted
 * empty says what is missing, as it does when reached by a link inside the site (issue 40): with JavaScript the
 * browser checks it at once, without it the server answers.
 */
import type { Page } from "@playwright/test";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

const FORMS: {
  path: string;
  submit: string;
  signedIn?: boolean;
  errors: string[];
}[] = [
  {
    path: "/signup",
    submit: "Sign Up",
    errors: ["Name is required", "Email is required", "Password is required"],
  },
  { path: "/signin", submit: "Sign In", errors: ["Email is required", "Password is required"] },
  {
    path: "/checkout?tier=professional",
    submit: "Continue to Payment",
    signedIn: true,
    // The signed-in buyer's name and e-mail are filled in already.
    errors: ["Address is required", "City is required", "ZIP code is required", "Country is required"],
  },
];

/** Whether the page has hydrated: React has attached itself to the document. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));

for (const form of FORMS) {
  test(`${form.path} opened from the address bar and sent empty lists what is missing ${ALSO_WITHOUT_JS}`, async ({
    page,
    signUp,
    javaScriptEnabled,
  }) => {
    if (form.signedIn) await signUp(page);
    await page.goto(form.path);
    if (javaScriptEnabled) await hydrated(page);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: form.submit, exact: true }).click();
    for (const error of form.errors) await expect(main.getByText(error, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(form.path);
  });
}
