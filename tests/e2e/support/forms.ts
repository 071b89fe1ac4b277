/** Helpers for the app's HTML forms, the same with JavaScript on or off. */
import { expect, type APIRequestContext, type Locator, type Page, type Response } from "@playwright/test";

/**
 * Whether a response answers a POST of the form at `path`: a document POST, Remix's `.data` fetch, or for the
 * chat's forms that start a reply, the page script's send to /api/chat-send (answered with the reply's stream).
 */
const isFormPost = (path: string) => (response: Response) => {
  const url = new URL(response.url());
  const formPath = url.pathname.replace(/\.data$/, "").replace(/^\/api\/chat-send(?=\/|$)/, "/chat");
  return response.request().method() === "POST" && formPath === path;
};

/**
 * Clicks `button` and returns the response to the form's POST. Without JavaScript that response is the page
 * now shown, so its status is the one a user's browser got.
 */
export async function submitForm(page: Page, button: Locator, path: string): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse(isFormPost(path)), button.click()]);
  return response;
}

/**
 * Clicks `button` on a form whose input its own schema refuses: with JavaScript the browser checks first and
 * nothing is posted; without it the server answers the POST with 400.
 */
export async function submitRefused(page: Page, button: Locator, path: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await button.click();
  else expect((await submitForm(page, button, path)).status()).toBe(400);
}

/** Posts a form the way a browser without JavaScript does, without following the redirect. */
export function postForm(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, { form, maxRedirects: 0 });
}

/** Lets a field take input longer than its `maxlength` (as a script or a crafted request can), so the
 * server's own limit is what the test meets. */
export async function dropMaxLength(field: Locator) {
  await field.evaluate((element) => element.removeAttribute("maxlength"));
}
