/**
 * The chat screen as a new user meets it (issue 8): quick actions in an existing chat, Stop in Send's place,
 * failed questions that keep their error, the model picker, reply width, one sidebar toggle, small screens,
 * the 404 page, and accessibility (axe) on the chat, the settings dialog and the open model picker.
 */
import type { Page } from "@playwright/test";
import { QUICK_ACTIONS } from "~/modules/completions/quick-actions";
import {
  askAsProfessional,
  askInNewChat,
  bubbles,
  chatIdOf,
  composerForm,
  contentOf,
  finishedCompletion,
  messageList,
  modelOption,
  openModelPicker,
  pageStoppedRefreshing,
  sendButton,
  sendMessage,
  sidebar,
} from "./support/chat";
import type { TestDb } from "./support/db";
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";
import { mockDirective } from "./support/mock";
import { expectNoSeriousViolations } from "./support/axe";

const stopButton = (page: Page) => page.getByRole("button", { name: "Stop", exact: true });
const failedReplies = (page: Page) => messageList(page).getByTestId("failed-reply");

test.describe("a quick action in an existing chat", () => {
  test(`sends the role instruction as the system message, and the user's words only as the request ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
    mock,
  }) => {
    db.setPlan(user.id, "professional");
    const marker = `marker-${crypto.randomUUID()}`;
    const chatId = await askInNewChat(page, db, `First question ${marker}`);
    await expect(bubbles(page, "assistant")).toHaveCount(1);

    await page.getByRole("button", { name: "Code", exact: true }).click();
    await expect(bubbles(page, "user")).toHaveCount(2);
    await expect(contentOf(bubbles(page, "user").last())).toHaveText("Help me write some code.");
    await expect(messageList(page)).not.toContainText("[SYSTEM:");
    await finishedCompletion(db, chatId);

    const stored = db.messagesOfChat(chatId);
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "system", "user", "assistant"]);
    expect(stored[3]?.content).toBe("Help me write some code.");
    expect(stored[2]?.content).toBe(QUICK_ACTIONS.code.instruction);

    const requests = await mock.requestsMentioning(marker);
    const prompt = (requests.at(-1)?.body as { messages: { role: string; content: string }[] }).messages;
    expect(prompt[0]).toEqual({ role: "system", content: QUICK_ACTIONS.code.instruction });
    expect(prompt.filter((turn) => turn.role === "system")).toHaveLength(1);
    expect(prompt.at(-1)).toEqual({ role: "user", content: "Help me write some code." });
  });
});

test.describe("Stop", () => {
  test(`takes Send's place while a reply is written, and stops it ${ALSO_WITHOUT_JS}`, async ({
    page,
    user: _user,
    db,
  }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, `Long one ${mockDirective({ tokens: 400, tokenMs: 40 })}`);
    await expect(composerForm(page).getByRole("button", { name: "Stop", exact: true })).toBeVisible();
    await expect(sendButton(page)).toHaveCount(0);
    // The small text link under the reply is gone: Stop is only in the composer.
    await expect(messageList(page).getByRole("button", { name: "Stop", exact: true })).toHaveCount(0);
    await stopButton(page).click();
    await finishedCompletion(db, chatId, "stopped");
    await expect(sendButton(page)).toBeVisible();
    await expect(stopButton(page)).toHaveCount(0);
  });

  test("Escape stops the reply", async ({ page, user: _user, db }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, `Escape me ${mockDirective({ tokens: 400, tokenMs: 40 })}`);
    await expect(page.locator("li[data-streaming]")).toBeVisible();
    await page.keyboard.press("Escape");
    await finishedCompletion(db, chatId, "stopped");
    await expect(sendButton(page)).toBeVisible();
  });
});

test.describe("a failed question", () => {
  /** A new chat of a Professional user whose question failed: the vendor answered 500. */
  const askFailing = (page: Page, db: TestDb, userId: string, text: string) =>
    askAsProfessional(page, db, userId, `${text} ${mockDirective({ fault: "500" })}`, "error");

  test(`keeps its error and Retry under it after later messages and a reload ${ALSO_WITHOUT_JS}`, async ({
    page,
    user,
    db,
  }) => {
    const chatId = await askFailing(page, db, user.id, "This one fails");
    await expect(failedReplies(page)).toHaveCount(1);
    await expect(failedReplies(page)).toContainText("API error (500)");

    await sendMessage(page, "And this one works");
    await finishedCompletion(db, chatId);
    await expect(bubbles(page, "assistant")).toHaveCount(1);
    await pageStoppedRefreshing(page);
    await page.reload();
    const failed = failedReplies(page);
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("API error (500)");
    await expect(failed.getByRole("button", { name: "Retry" })).toBeVisible();
    // It sits right under the question it belongs to, not at the end of the chat.
    const order = await messageList(page)
      .locator(":scope > li")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-role") ?? item.dataset.testid));
    expect(order).toEqual(["user", "failed-reply", "user", "assistant"]);
  });

  test("Retry on an earlier failed question asks it again", async ({ page, user, db }) => {
    const chatId = await askFailing(page, db, user.id, "Try again later");
    await sendMessage(page, "Meanwhile");
    await finishedCompletion(db, chatId);
    await failedReplies(page).getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => db.completionsOfChat(chatId).length).toBe(3);
    await expect(bubbles(page, "user")).toHaveCount(3);
  });
});

test.describe("the model picker", () => {
  test("is a listbox with full names, vendors and badges, opened and closed from the keyboard", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    const trigger = page.getByRole("combobox", { name: "Model" });
    await expect(trigger).toHaveText("Dolphin Mixtral 8x22B");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dolphin = modelOption(page, "Dolphin Mixtral 8x22B");
    await expect(dolphin).toContainText("Together AI");
    await expect(dolphin).toContainText("DEFAULT");
    await expect(dolphin).toContainText("Unfiltered Creativity");
    await expect(modelOption(page, "Qwen 2.5 VL 72B")).toContainText("Images");
    await expect(modelOption(page, "DeepSeek V3")).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test("without JavaScript it is the server-rendered select with a Use button @nojs-only", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    const select = page.getByRole("combobox", { name: "Model" });
    await expect(select.locator("option", { hasText: "DeepSeek V3" })).toBeDisabled();
    await select.selectOption("llama-3.1-8b-instruct");
    await page.getByRole("button", { name: "Use" }).click();
    await expect(page).toHaveURL(/[?&]model=llama-3.1-8b-instruct/);
  });
});

test.describe("layout", () => {
  test("replies use the conversation column; questions stay bubbles; the title is shown once", async ({
    page,
    user: _user,
    db,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const chatId = await askInNewChat(page, db, `Width check ${mockDirective({ reply: "Short reply." })}`);
    const column = await messageList(page).boundingBox();
    const reply = await contentOf(bubbles(page, "assistant").last()).boundingBox();
    const question = await contentOf(bubbles(page, "user").last()).boundingBox();
    expect(column!.width).toBeLessThanOrEqual(48 * 16);
    expect(reply!.width).toBeGreaterThan(column!.width * 0.95);
    expect(question!.width).toBeLessThan(column!.width * 0.85);
    const title = db.get<{ title: string }>("select title from chat_history where id = ?", chatId)!.title;
    // Once, in the title bar: not again in the header, nor as the empty screen's heading.
    await expect(page.getByRole("heading", { name: title })).toHaveCount(1);
    await expect(page.getByRole("banner").getByText(title)).toHaveCount(0);
  });

  test("the sidebar shows one toggle, collapsed or not", async ({ page, user: _user }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/chat");
    const toggles = page.getByRole("link", { name: /^(Collapse|Expand) sidebar$/ }).filter({ visible: true });
    await expect(toggles).toHaveCount(1);
    await sidebar(page).getByRole("link", { name: "Collapse sidebar" }).click();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
    await expect(toggles).toHaveCount(1);
    await expect(toggles).toHaveAccessibleName("Expand sidebar");
  });

  for (const width of [375, 768, 1280]) {
    test(`at ${width} px nothing overflows sideways and no controls overlap`, async ({
      page,
      user: _user,
      db,
    }) => {
      await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
      await askInNewChat(page, db, "Layout check");
      await expect(bubbles(page, "assistant")).toHaveCount(1);
      await expectNoOverflowOrOverlap(page);
    });
  }

  test("at 375 px the composer, chips and plan line take at most a fifth of the height", async ({
    page,
    user: _user,
    db,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await askInNewChat(page, db, "Small screen");
    await expect(page.getByTestId("messages-left")).toBeVisible();
    const area = await page.getByTestId("composer-area").boundingBox();
    expect(area!.height).toBeLessThanOrEqual(667 / 5);
    const chips = page.getByRole("list", { name: "Quick actions" });
    const { scrolls, overflowX } = await chips.evaluate((list) => ({
      scrolls: list.scrollWidth > list.clientWidth,
      overflowX: getComputedStyle(list).overflowX,
    }));
    expect(scrolls).toBe(true);
    expect(overflowX).toBe("auto");
  });
});

test.describe("the 404 page", () => {
  test(`has the site header and a way back ${ALSO_WITHOUT_JS}`, async ({ page, user: _user }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found — Rogue AI");
    await expect(page.getByRole("banner").getByRole("link", { name: "Pricing" }).first()).toBeAttached();
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: "Back to chat" }).click();
    await expect(page).toHaveURL("/chat");
  });
});

test.describe("accessibility", () => {
  test("no serious or critical axe violations on /chat, the settings dialog and the open model picker", async ({
    page,
    user: _user,
    db,
  }) => {
    // Three axe runs on a busy machine take longer than one page's default time.
    test.setTimeout(90_000);
    const chatId = await askInNewChat(page, db, "Accessibility check");
    await expect(bubbles(page, "assistant")).toHaveCount(1);
    await expectNoSeriousViolations(page, "/chat");

    await page.goto(`/chat/${chatIdOf(page)}?settings=account`);
    await expect(page.getByRole("dialog")).toBeVisible();
    // A modal dialog makes the page behind it inert for screen readers and the keyboard: the dialog is what a
    // user can reach, so that is what is checked (the page itself was checked just above).
    await expectNoSeriousViolations(page, "settings dialog", '[role="dialog"]');

    await page.goto(`/chat/${chatId}`);
    await openModelPicker(page);
    // While the listbox is open Radix hides the page behind it from screen readers and keeps focus in the
    // list, as a modal does: what a user can reach then is the listbox, so that is what is checked. Once the
    // catalogue is long enough to scroll (other tests add models), axe asks for a tab stop in the scrolling
    // viewport; but the arrow keys move through the options and Radix scrolls each into view, and a tab stop
    // there breaks the listbox's required children. That one rule is left out here, and so is the experimental
    // label-in-name check: an option's name is the model's name, its visible label, which a speech user says;
    // the badges, vendor and size printed beside it describe it, and axe counts them as label too.
    await expectNoSeriousViolations(page, "model picker", '[role="listbox"]', [
      "scrollable-region-focusable",
      "label-content-name-mismatch",
    ]);
  });

  test("no serious or critical axe violations at 375 px while a reply is being written", async ({
    page,
    user: _user,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/chat");
    // Slow tokens: the quick-action chips stay disabled while the check runs.
    await sendMessage(page, `Take it slowly ${mockDirective({ tokens: 200, tokenMs: 100 })}`);
    await expect(page.locator("li[data-streaming]")).toBeVisible();
    await expectNoSeriousViolations(page, "/chat at 375 px while a reply streams");
  });

  // Chromium lets a keyboard into any scroller, so the keys alone would pass without the tab stops; axe asks
  // for what other browsers need.
  test("a reply's code, tables and formulas wider than a phone scroll from the keyboard", async ({
    page,
    user: _user,
    db,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const wideLine = `const longest = ${Array.from({ length: 12 }, (_, i) => `"value${i}"`).join(" + ")};`;
    const wideRow = Array.from({ length: 10 }, (_, i) => `column${i}`);
    const reply = [
      "```ts",
      wideLine,
      "```",
      "",
      `| ${wideRow.join(" | ")} |`,
      `|${" --- |".repeat(wideRow.length)}`,
      `| ${wideRow.map((_, i) => `cell${i}`).join(" | ")} |`,
      "",
      `$$\n${Array.from({ length: 14 }, (_, i) => `\\frac{1}{${i + 2}}`).join(" + ")}\n$$`,
      "",
      "And TeX that does not parse: $$\\frac{1}{$$",
    ].join("\n");
    await askInNewChat(page, db, `Wide output ${mockDirective({ reply })}`);
    const answer = bubbles(page, "assistant").last();
    const code = answer.locator("pre");
    const table = answer.locator("div:has(> table)");
    const formula = answer.locator(".math-display");
    await expect(answer.locator("td").last()).toHaveText("cell9");
    await expect(code).toContainText('"value11"');
    await expect(formula).toBeVisible();
    for (const box of [code, table, formula]) {
      // Wider than the screen, so there is something to scroll to.
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await box.focus();
      await expect(box).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    }
    await expectNoSeriousViolations(page, "a reply with wide code, table and formula at 375 px");
  });
});

/** The page does not scroll sideways, and no two visible controls cover each other. */
async function expectNoOverflowOrOverlap(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
  const overlaps = await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        "button, a[href], input:not([type=hidden]), textarea, select",
      ),
    ].filter((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      let transparent = false;
      for (let node: HTMLElement | null = element; node; node = node.parentElement)
        if (getComputedStyle(node).opacity === "0") transparent = true;
      return (
        style.visibility !== "hidden" &&
        !transparent &&
        box.width > 0 &&
        box.height > 0 &&
        !element.closest("[aria-hidden=true]")
      );
    });
    // Only what the user can see: a control scrolled out of its list's view is not on screen.
    const visible = controls
      .map((element) => {
        // What shows of a control is its content: a row's link padded clear of the actions laid over it is fine.
        const outer = element.getBoundingClientRect();
        const pad = getComputedStyle(element);
        const px = (value: string) => Number.parseFloat(value) || 0;
        let box = new DOMRect(
          outer.left + px(pad.paddingLeft),
          outer.top + px(pad.paddingTop),
          outer.width - px(pad.paddingLeft) - px(pad.paddingRight),
          outer.height - px(pad.paddingTop) - px(pad.paddingBottom),
        );
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const clip = parent.getBoundingClientRect();
          const left = Math.max(box.left, clip.left);
          const right = Math.min(box.right, clip.right);
          const top = Math.max(box.top, clip.top);
          const bottom = Math.min(box.bottom, clip.bottom);
          box = new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
        }
        return { element, box };
      })
      .filter(({ box }) => box.width > 1 && box.height > 1);
    const found: string[] = [];
    const name = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()}[${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 30)}]`;
    for (let i = 0; i < visible.length; i++) {
      for (let j = i + 1; j < visible.length; j++) {
        const a = visible[i]!;
        const b = visible[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 1 && height > 1) found.push(`${name(a.element)} × ${name(b.element)}`);
      }
    }
    return found;
  });
  expect(overlaps, "overlapping controls").toEqual([]);
}
