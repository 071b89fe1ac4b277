/**
 * Issue 11: a signed-in user who picks Español in Settings gets the chat screen, its toasts and its form
 * errors in Spanish, with JavaScript (at once, no reload) and without it.
 */
import { bubbles, contentOf, expectExactText } from "./support/chat";
import { ALSO_WITHOUT_JS, chooseLanguage, expect, expectToast, test } from "./support/fixtures";

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
