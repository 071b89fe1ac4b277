/**
 * The site in five languages, rendered by the server: chosen by the browser's Accept-Language, by the footer's
 * language picker (a cookie that wins over Accept-Language), and for a signed-in user by their Settings
 * choice, which follows them to another browser. Texts are the catalogue's own (app/locales), so a test fails
 * when a page shows another language's words.
 */
import type { Browser, Page } from "@playwright/test";
import { ALSO_WITHOUT_JS, chooseLanguage, expect, javaScriptOn, signIn, test } from "./support/fixtures";
import { localeTexts } from "./support/locales";

/** One language's texts of the two namespaces these pages speak. */
function texts(locale: string, browser: string, price: RegExp) {
  return { common: localeTexts(locale, "common"), site: localeTexts(locale, "site"), browser, price };
}

/** Each language, the Accept-Language a browser of it sends, and how Intl writes $25 in it. */
const TEXTS = {
  en: texts("en", "en-US", /^\$25$/),
  es: texts("es", "es-ES", /^25\sUS\$$/),
  fr: texts("fr", "fr-FR", /^25\s\$US$/),
  de: texts("de", "de-DE", /^25\s\$$/),
  zh: texts("zh", "zh-CN", /^US\$25$/),
};
const enCommon = TEXTS.en.common;
const deCommon = TEXTS.de.common;
type Locale = keyof typeof TEXTS;

/** A browser whose Accept-Language prefers `locale`, with the project's JavaScript setting. */
async function browserIn(browser: Browser, baseURL: string | undefined, locale: Locale) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: javaScriptOn(),
    locale: TEXTS[locale].browser,
  });
  return context.newPage();
}

async function expectLanding(page: Page, locale: Locale) {
  const { site, common } = TEXTS[locale];
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page).toHaveTitle(site.landing.meta.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.landing.hero.title);
  await expect(page.getByRole("link", { name: site.landing.hero.startChat }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: site.landing.why.title })).toBeVisible();
  await expect(page.getByRole("tab", { name: site.landing.demo.tabs.text.label })).toBeVisible();
  await expect(page.getByRole("table", { name: site.comparison.caption })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(common.footer.tagline);
}

async function expectPricing(page: Page, locale: Locale) {
  const { site, common, price } = TEXTS[locale];
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page).toHaveTitle(site.pricing.meta.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.pricing.title);
  await expect(page.getByTestId("price-Professional")).toHaveText(price);
  await expect(page.getByText(site.pricing.period.monthly, { exact: true })).toBeVisible();
  await expect(page.getByText(site.pricing.plans.professional.features.api)).toBeVisible();
  await expect(page.getByRole("heading", { name: site.pricing.faq.title })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: common.header.pricing })).toBeAttached();
}

/** The footer's picker: choose `label`, press the button; a plain form post without JavaScript. */
async function pickLanguage(page: Page, from: Locale, label: string) {
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("combobox", { name: TEXTS[from].common.language.label }).selectOption({ label });
  await footer.getByRole("button", { name: TEXTS[from].common.language.apply }).click();
}

test.describe("languages", { tag: ALSO_WITHOUT_JS }, () => {
  for (const locale of Object.keys(TEXTS) as Locale[]) {
    test(`the landing and pricing pages speak ${locale} to a browser that asks for it`, async ({
      browser,
      baseURL,
    }) => {
      const page = await browserIn(browser, baseURL, locale);
      await page.goto("/");
      await expectLanding(page, locale);
      await page.goto("/pricing");
      await expectPricing(page, locale);
      // Served that way, not switched by a script: the HTML itself says it.
      const html = await (
        await page.request.get("/pricing", { headers: { "Accept-Language": TEXTS[locale].browser } })
      ).text();
      expect(html).toMatch(new RegExp(`<html lang="${locale}" dir="ltr"`));
      expect(html).toContain(TEXTS[locale].site.pricing.title);
      await page.context().close();
    });
  }

  test("the footer's picker sets the language, and the choice wins over Accept-Language", async ({
    browser,
    baseURL,
  }) => {
    const page = await browserIn(browser, baseURL, "es");
    await page.goto("/pricing");
    await expectPricing(page, "es");

    await pickLanguage(page, "es", "Deutsch");
    await expect(page).toHaveURL("/pricing");
    await expectPricing(page, "de");
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "lng")?.value).toBe("de");

    // The browser still asks for Spanish; the cookie decides, on every page.
    await page.goto("/");
    await expectLanding(page, "de");
    await pickLanguage(page, "de", "中文");
    await expect(page).toHaveURL("/");
    await expectLanding(page, "zh");
    await page.goto("/pricing?billing=annually");
    await expect(page.getByTestId("price-Professional")).toHaveText(/^US\$250$/);
    await expect(page.getByText(TEXTS.zh.site.pricing.period.annually, { exact: true })).toBeVisible();
    await page.context().close();
  });

  test("a signed-in user's Settings language is the site's, and follows them to another browser", async ({
    page,
    user,
    db,
    browser,
    baseURL,
  }) => {
    // Two browsers and a dozen page loads: with both cores busy each load took 1–4.5 s, past one test's time.
    test.slow();
    await chooseLanguage(page, "german");
    await expect
      .poll(() => db.get("select language from user_preferences where user_id = ?", user.id))
      .toEqual({ language: "german" });
    await page.goto("/chat?settings=preferences");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.goto("/no-such-page");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(deCommon.errorPage.notFoundTitle);
    await expect(page.getByRole("link", { name: deCommon.errorPage.backToChat })).toBeVisible();
    await page.goto("/");
    await expectLanding(page, "de");
    await page.getByRole("banner").getByRole("button", { name: deCommon.header.signOut }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: deCommon.header.signIn })).toBeVisible();

    // Another browser that asks for French: French for the visitor, German again once they sign in.
    const elsewhere = await browserIn(browser, baseURL, "fr");
    await elsewhere.goto("/");
    await expectLanding(elsewhere, "fr");
    await signIn(elsewhere, user);
    await elsewhere.goto("/chat");
    await expect(elsewhere.locator("html")).toHaveAttribute("lang", "de");
    await elsewhere.goto("/");
    await expectLanding(elsewhere, "de");
    await expect(
      elsewhere.getByRole("banner").getByRole("button", { name: deCommon.header.signOut }),
    ).toBeVisible();
    await elsewhere.goto("/pricing");
    await expectPricing(elsewhere, "de");
    await elsewhere.context().close();
  });

  test("an unknown language is refused with the catalogue's message, and changes nothing", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const picker = page.getByRole("contentinfo").getByRole("combobox", { name: enCommon.language.label });
    // A tampered form: the option's value is no language we speak.
    await picker.evaluate((select: HTMLSelectElement) => {
      select.options[select.selectedIndex]!.value = "xx";
    });
    await page.getByRole("contentinfo").getByRole("button", { name: enCommon.language.apply }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(enCommon.language.notChanged);
    await expect(page.getByRole("alert")).toHaveText("Choose one of the listed languages.");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    const response = await page.request.post("/locale", { form: { locale: "klingon", redirectTo: "/" } });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Choose one of the listed languages.");
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "lng")).toBeUndefined();
  });
});
