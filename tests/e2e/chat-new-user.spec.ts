/**
 * What a new Starter user tripped on in the chat (issue 46): the address after a refused send, a link to a
 * locked model, the Create image chip that was refused after the click, two New chat buttons, sidebar titles
 * cut twice, the phone's chip row and the phone's model name. JavaScript on, and off where it is a form or link.
 */
import type { Locator, Page } from "@playwright/test";
import {
  askInNewChat,
  composer,
  DEFAULT_MODEL_FOOTER,
  sendButton,
  sendMessage,
  sidebar,
} from "./support/chat";
import { BASE_URL } from "./support/env";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

const LOCKED_MODEL = "qwen2.5-vl-72b-instruct";
const LOCKED_MODEL_NAME = "Qwen 2.5 VL 72B Instruct";
const DEFAULT_MODEL_NAME = "Dolphin Mixtral 8x22B";
const LOCKED_IMAGE_CHIP = "Create image needs the Professional plan: upgrade";

const quickActions = (page: Page) => page.getByRole("list", { name: "Quick actions" });
const modelPicker = (page: Page) => page.locator("#model-select");

/** Nothing of the element's text is cut off: it fits its box both ways. */
const fitsItsBox = (element: Locator) =>
  element.evaluate((node) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight);

/** The model the picker shows: the listbox's trigger with JavaScript, the select's chosen option without. */
async function pickedModel(page: Page, javaScriptEnabled: boolean) {
  const picker = modelPicker(page);
  return javaScriptEnabled
    ? picker.innerText()
    : picker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");
}

test.describe("a new chat's address", () => {
  test(`a refused send from /chat stays at /chat, without ?index ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
  }) => {
    await page.goto("/chat");
    // Today's messages run out after the page was shown: the send is refused by the server.
    for (let used = 0; used < 10; used++) db.recordUsage(user.id, new Date(), 100);
    await composer(page).fill("One more question");
    await sendButton(page).click();
    await expect(page.getByText("You've used the Starter plan's").first()).toBeVisible();
    expect(page.url()).toBe(`${BASE_URL}/chat`);
  });
});

test.describe("a link to a model", () => {
  test(`a Starter user's link to a locked model opens the default model, with no error ${ALSO_WITHOUT_JS}`, async ({
    page,
    user: _user,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/chat?model=${LOCKED_MODEL}`);
    expect(await pickedModel(page, javaScriptEnabled)).toContain(DEFAULT_MODEL_NAME);
    await expect(page.getByText(DEFAULT_MODEL_FOOTER)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await sendMessage(page, "Hello from a link");
    await expect(page.getByText(DEFAULT_MODEL_FOOTER)).toBeVisible();
  });

  test(`a Professional user's link to that model opens it ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
    javaScriptEnabled,
  }) => {
    db.setPlan(user.id, "professional");
    await page.goto(`/chat?model=${LOCKED_MODEL}`);
    expect(await pickedModel(page, javaScriptEnabled)).toContain(LOCKED_MODEL_NAME);
  });
});

test.describe("the Create image chip", () => {
  test(`shows a Starter user it needs Professional and links to the plans ${ALSO_WITHOUT_JS}`, async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    const chip = quickActions(page).getByRole("link", { name: LOCKED_IMAGE_CHIP });
    await expect(chip).toBeVisible();
    await expect(chip).toContainText("PRO");
    await expect(quickActions(page).getByRole("button", { name: "Create image" })).toHaveCount(0);
    // The chips the plan allows stay forms.
    await expect(quickActions(page).getByRole("button", { name: "Summarize text" })).toBeVisible();
    await chip.click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test(`is a plain chip for a Professional user ${ALSO_WITHOUT_JS}`, async ({ page, user, db }) => {
    db.setPlan(user.id, "professional");
    await page.goto("/chat");
    await expect(quickActions(page).getByRole("button", { name: "Create image" })).toBeVisible();
    await expect(quickActions(page).getByRole("link")).toHaveCount(0);
  });
});

test.describe("New chat", () => {
  for (const width of [375, 1280]) {
    test(`shows once at ${width} px ${ALSO_WITHOUT_JS}`, async ({ page, user: _user }) => {
      await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
      await page.goto("/chat");
      await expect(page.getByRole("link", { name: "New chat" }).filter({ visible: true })).toHaveCount(1);
    });
  }
});

test.describe("sidebar titles", () => {
  test(`an automatic title is cut once, by the title, not again by the sidebar ${ALSO_WITHOUT_JS}`, async ({
    page,
    user: _user,
    db,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const chatId = await askInNewChat(page, db, "What is the weather like in Paris in early spring?");
    const link = sidebar(page).locator(`li[data-chat-id="${chatId}"] > a`);
    await expect(link).toHaveText("What is the weather like in Pa...");
    expect(await fitsItsBox(link)).toBe(true);
  });
});

test.describe("on a phone", () => {
  test.beforeEach(({ page }) => page.setViewportSize({ width: 375, height: 667 }));

  test(`the chip row under the box fades at its edge while more chips follow ${ALSO_WITHOUT_JS}`, async ({
    page,
    user: _user,
    db,
    javaScriptEnabled,
  }) => {
    await askInNewChat(page, db, "Chips on a phone");
    const row = quickActions(page);
    const mask = () => row.evaluate((list) => getComputedStyle(list).maskImage);
    expect(await mask()).toContain("linear-gradient");
    if (!javaScriptEnabled) return;
    // Scrolled to its end, the last chip is whole and nothing fades it.
    await row.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
    await expect.poll(mask).toBe("none");
    await expect(row.getByRole("listitem").last()).toBeInViewport({ ratio: 1 });
  });

  test("the model picker shows the model's whole name, beside the plan line", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    await expect(page.getByTestId("messages-left")).toBeVisible();
    const name = modelPicker(page).locator("span").first();
    await expect(name).toHaveText(DEFAULT_MODEL_NAME);
    expect(await fitsItsBox(name)).toBe(true);
    await expect(modelPicker(page)).toBeInViewport({ ratio: 1 });
  });
});
