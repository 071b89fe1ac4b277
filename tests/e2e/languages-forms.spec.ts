/**
 * The sign-in and checkout forms in the visitor's language (issue 11): a browser asking for Spanish or Chinese
 * gets the page rendered by the server in it — `<html lang>`, title, labels, buttons and prices — the same with
 * JavaScript on (after hydration) and off.
 */
import { ALSO_WITHOUT_JS, expect, newAccountInput, test } from "./support/fixtures";

/** What each page says in the language, as a reader sees it. */
const LANGUAGES = [
  {
    locale: "es-ES",
    lang: "es",
    auth: {
      title: "Iniciar sesión — Rogue AI",
      heading: "Iniciar sesión",
      email: "Correo electrónico",
      password: "Contraseña",
      submit: "Iniciar sesión",
      demo: "Probar la demo",
      signUp: "Regístrate",
      name: "Nombre",
      register: "Registrarse",
    },
    checkout: {
      title: "Finalizar compra — Rogue AI",
      details: "Tus datos",
      fields: ["Nombre completo", "Correo electrónico", "Dirección", "Ciudad", "Código postal", "País"],
      stepsLabel: "Pasos del pago",
      steps: ["1. Datos", "2. Pago", "3. Confirmación"],
      continue: "Continuar al pago",
      perYear: "/año",
      payment: "Pago",
      card: "Número de tarjeta",
      pay: "Pagar",
    },
  },
  {
    locale: "zh-CN",
    lang: "zh",
    auth: {
      title: "登录 — Rogue AI",
      heading: "登录",
      email: "电子邮箱",
      password: "密码",
      submit: "登录",
      demo: "试用演示",
      signUp: "注册",
      name: "姓名",
      register: "注册",
    },
    checkout: {
      title: "结账 — Rogue AI",
      details: "你的信息",
      fields: ["全名", "电子邮箱", "地址", "城市", "邮政编码", "国家/地区"],
      stepsLabel: "结账步骤",
      steps: ["1. 信息", "2. 付款", "3. 确认"],
      continue: "继续付款",
      perYear: "/年",
      payment: "付款",
      card: "卡号",
      pay: "支付",
    },
  },
] as const;

/** The yearly Professional price as Intl writes it in `lang` (its own spaces, e.g. "250 US$"). */
const yearlyPrice = (lang: string) =>
  new Intl.NumberFormat(lang, { style: "currency", currency: "USD", minimumFractionDigits: 0 }).format(250);

for (const { locale, lang, auth, checkout } of LANGUAGES) {
  test.describe(`forms in ${locale}`, { tag: ALSO_WITHOUT_JS }, () => {
    test.use({ locale });

    test(`the sign-in page is in ${lang}`, async ({ page }) => {
      await page.goto("/signin");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveTitle(auth.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(auth.heading);
      await expect(page.getByLabel(auth.email, { exact: true })).toBeVisible();
      await expect(page.getByLabel(auth.password, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: auth.submit, exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: auth.demo, exact: true })).toBeVisible();
      // The header has a sign-up link of its own, in the same words.
      await expect(
        page.getByRole("main").getByRole("link", { name: auth.signUp, exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
    });

    test(`a visitor signs up in ${lang} and finds the checkout's Details and Payment steps in it, with the price in its format`, async ({
      page,
    }, testInfo) => {
      // Signing up in a language makes it the account's: the checkout after it speaks it too.
      const account = newAccountInput(testInfo);
      const target = "/checkout?tier=professional&billing=annually";
      await page.goto(`/signup?${new URLSearchParams({ redirectTo: target })}`);
      await page.getByLabel(auth.name, { exact: true }).fill(account.name);
      await page.getByLabel(auth.email, { exact: true }).fill(account.email);
      await page.getByLabel(auth.password, { exact: true }).fill(account.password);
      await page.getByRole("button", { name: auth.register, exact: true }).click();
      await expect(page).toHaveURL(target);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveTitle(checkout.title);
      await expect(page.getByRole("heading", { name: checkout.details })).toBeVisible();
      await expect(page.getByRole("list", { name: checkout.stepsLabel }).getByRole("listitem")).toHaveText([
        ...checkout.steps,
      ]);
      const price = `${yearlyPrice(lang)}${checkout.perYear}`;
      await expect(page.getByTestId("summary-total")).toHaveText(price);
      const values = [account.name, account.email, "Calle Mayor 1", "Madrid", "28013", "España"];
      for (const [index, label] of checkout.fields.entries()) {
        await page.getByLabel(label, { exact: true }).fill(values[index]!);
      }
      await page.getByRole("button", { name: checkout.continue }).click();
      await expect(page.getByRole("heading", { name: checkout.payment, exact: true })).toBeVisible();
      await expect(page.getByLabel(checkout.card, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: `${checkout.pay} ${price}` })).toBeVisible();
    });
  });
}
