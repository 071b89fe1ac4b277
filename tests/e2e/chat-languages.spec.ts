/**
 * Issue 11: a signed-in user who picks Español in Settings gets the chat screen, its toasts and its form
 * errors in Spanish, with JavaScript (at once, no reload) and without it.
 */
import type { Page } from "@playwright/test";
import { askInNewChat, bubbles, contentOf, expectExactText, storedReply } from "./support/chat";
import { ALSO_WITHOUT_JS, chooseLanguage, expect, expectToast, javaScriptOn, test } from "./support/fixtures";
import { englishOnlyTexts, localeTexts } from "./support/locales";
import { mockDirective } from "./support/mock";

/**
 * Every name a control on the page goes by: the text of each link, button, label, summary and option, and each
 * element's aria-label, title, placeholder and alt, hidden ones included (a screen reader may read them).
 */
const controlNames = (page: Page) =>
  page.evaluate(() => {
    const names = new Set<string>();
    const add = (name: string | null | undefined) => {
      const text = name?.replace(/\s+/g, " ").trim();
      if (text) names.add(text);
    };
    for (const element of document.querySelectorAll(
      "a, button, label, summary, option, [role=button], [role=link], [role=tab], [role=menuitem]",
    ))
      add(element.textContent);
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]"))
      for (const attribute of ["aria-label", "title", "placeholder", "alt"])
        add(element.getAttribute(attribute));
    for (const input of document.querySelectorAll<HTMLInputElement>("input[type=submit], input[type=button]"))
      add(input.value);
    return [...names];
  });

test.describe("the chat screen in the user's language", { tag: ALSO_WITHOUT_JS }, () => {
  test("switching to Español in Settings speaks Spanish in the chat, its toasts and its form errors", async ({
    page,
    user: _user,
  }) => {
    await chooseLanguage(page, "spanish");

    await expectToast(page, "Idioma actualizado");
    const spanishDialog = page.getByRole("dialog", { name: "Ajustes" });
    await expect(spanishDialog.getByRole("combobox", { name: "Idioma" })).toHaveValue("spanish");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "¿En qué puedo ayudarte?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nuevo chat" }).first()).toBeVisible();
    const composer = page.getByRole("textbox", { name: "Mensaje" });
    await composer.fill("   ");
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(page.getByText("Error: escribe un mensaje")).toBeVisible();
  });

  test("a reply waits, and is labelled, in Spanish: 'Pensando...', then its model 'vía' the vendor's name", async ({
    page,
    user: _user,
    mock,
  }) => {
    await chooseLanguage(page, "spanish");
    await expectToast(page, "Idioma actualizado");
    const reply = "Hola.";
    const held = mock.heldReply({ reply });
    await page.goto("/chat");
    await page.getByRole("textbox", { name: "Mensaje" }).fill(`Saluda ${held.directive}`);
    await page.getByRole("button", { name: "Enviar", exact: true }).click();

    const answer = bubbles(page, "assistant").last();
    await expect(contentOf(answer)).toHaveText("Pensando...");
    await held.release();
    await expectExactText(contentOf(answer), reply);
    await expect(answer.getByTestId("message-meta")).toHaveText("Dolphin Mixtral 8x22B · vía Together AI");
  });
});

test.describe("no English control on the chat page", { tag: ALSO_WITHOUT_JS }, () => {
  for (const [locale, language, question] of [
    ["es", "spanish", "Hola"],
    ["zh", "chinese", "你好"],
  ] as const) {
    test(`in ${locale}, every control of a chat with a reply has its ${locale} name`, async ({
      page,
      user: _user,
      db,
    }) => {
      // A reply with code: its message and code blocks get their copy buttons, and the last one Regenerate.
      await askInNewChat(page, db, `${question} ${mockDirective({ reply: "Sí.\n\n```\nx = 1\n```" })}`);
      const chatUrl = page.url();
      await chooseLanguage(page, language);
      // The toast comes with the answer that sets the language for the next page.
      await expectToast(page, localeTexts(locale, "messages").settingsToasts.languageUpdated.title);

      await page.goto(chatUrl);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await storedReply(page);
      const chat = localeTexts(locale, "chat");
      if (javaScriptOn())
        await expect(page.getByRole("button", { name: chat.bubble.copyReply })).toBeVisible();

      const english = englishOnlyTexts(locale);
      const names = await controlNames(page);
      expect(names.filter((name) => english.some((text) => text.test(name)))).toEqual([]);
      await expect(page.getByRole("button", { name: chat.view.regenerate })).toBeVisible();
    });
  }
});
