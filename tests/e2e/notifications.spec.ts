/**
 * Desktop notifications for replies that finish in a hidden tab. The browser's Notification API and the
 * page's visibility are replaced by stubs that record what the page does, so no real prompt or notification
 * is ever shown and "the tab is hidden" is set per test.
 */
import type { Page } from "@playwright/test";
import { finishedCompletion, sendMessage, storedReply } from "./support/chat";
import { expect, expectToast, test } from "./support/fixtures";
import { postForm, submitForm } from "./support/forms";
import { gateName, mockDirective } from "./support/mock";

interface Shown {
  title: string;
  body: string;
  tag: string;
}

/** What the stubs record on `window`. */
interface Recorder {
  __notifications: Shown[];
  __shown: { onclick: (() => void) | null; closed: boolean }[];
  __focused: boolean;
  __permissionRequests: number;
  __hidden: boolean;
}

/** Installs the stubs for every document the page loads: notifications `permission`, the tab `hidden` or not. */
async function stubBrowser(
  page: Page,
  { hidden, permission }: { hidden: boolean; permission: NotificationPermission },
) {
  await page.addInitScript(
    ({ hidden, permission }) => {
      const recorder = window as unknown as Recorder & Window;
      recorder.__notifications = [];
      recorder.__shown = [];
      recorder.__focused = false;
      recorder.__permissionRequests = 0;
      recorder.__hidden = hidden;
      window.focus = () => {
        recorder.__focused = true;
      };
      class RecordingNotification {
        static permission: NotificationPermission = permission;
        static requestPermission() {
          recorder.__permissionRequests += 1;
          return Promise.resolve(RecordingNotification.permission);
        }
        onclick: (() => void) | null = null;
        closed = false;
        constructor(title: string, options: NotificationOptions = {}) {
          recorder.__notifications.push({ title, body: options.body ?? "", tag: options.tag ?? "" });
          recorder.__shown.push(this);
        }
        close() {
          this.closed = true;
        }
      }
      Object.defineProperty(window, "Notification", { value: RecordingNotification, configurable: true });
      Object.defineProperty(document, "visibilityState", {
        configurable: true,
        get: () => (recorder.__hidden ? "hidden" : "visible"),
      });
    },
    { hidden, permission },
  );
}

/** Clicks the first notification shown; says whether that closed it and focused the window. */
const clickNotification = (page: Page) =>
  page.evaluate(() => {
    const recorder = window as unknown as Recorder;
    const [shown] = recorder.__shown;
    shown?.onclick?.();
    return { closed: shown?.closed, focused: recorder.__focused };
  });

const recorded = <K extends keyof Recorder>(page: Page, key: K) =>
  page.evaluate((name) => (window as unknown as Recorder)[name], key);

/** The live reply has finished and its stored message has taken its place (with the model footer). */
async function replyStored(page: Page, db: Parameters<typeof finishedCompletion>[0], chatId: string) {
  const completion = await finishedCompletion(db, chatId);
  await storedReply(page);
  return completion;
}

const notificationsSwitch = (page: Page) =>
  page.getByRole("dialog", { name: "Settings" }).getByRole("switch", { name: "Notifications" });

// Each reply is held before its first token (`mock.heldReply`) until the chat's page shows and follows it
// (`sendMessage` waits for that): a reply stored before the page shows is shown as stored, with nothing live to
// notify about.
test.describe("reply notifications", () => {
  test("a reply that finishes in a hidden tab shows one notification; clicking it focuses the page", async ({
    page,
    user: _user,
    db,
    mock,
  }) => {
    await stubBrowser(page, { hidden: true, permission: "granted" });
    await page.goto("/chat");
    const reply = "Your answer is ready, friend.";
    const held = mock.heldReply({ reply });
    const chatId = await sendMessage(page, `Notify me ${held.directive}`);
    await held.release();
    const completion = await replyStored(page, db, chatId);

    await expect
      .poll(() => recorded(page, "__notifications"))
      .toEqual([{ title: "Rogue AI", body: reply, tag: completion.id }]);
    expect(await clickNotification(page)).toEqual({ closed: true, focused: true });
  });

  test("a reply that fails in a hidden tab notifies with the error", async ({
    page,
    user: _user,
    db,
    mock,
  }) => {
    await stubBrowser(page, { hidden: true, permission: "granted" });
    await page.goto("/chat");
    // Every vendor breaks off its stream; only the first one is held, so the failure comes soon after it goes.
    const gate = gateName("notify-failure");
    const failing = mockDirective({
      fault: "cutoff",
      faultAfterTokens: 2,
      vendors: { together: { gate, gateAfterTokens: 0 } },
    });
    const chatId = await sendMessage(page, `Fail me ${failing}`);
    await mock.openGate(gate);
    const completion = await finishedCompletion(db, chatId, "error");
    // The notification says what the page says about the failure.
    const alert = page.getByRole("list", { name: "Messages" }).getByRole("alert");
    await expect(alert).toBeVisible();
    const message = (await alert.locator("p").first().textContent()) ?? "";
    expect(message).not.toBe("");

    await expect
      .poll(() => recorded(page, "__notifications"))
      .toEqual([{ title: "Rogue AI", body: message, tag: completion.id }]);
  });

  test("no notification while the tab is visible", async ({ page, user: _user, db, mock }) => {
    await stubBrowser(page, { hidden: false, permission: "granted" });
    await page.goto("/chat");
    const held = mock.heldReply({ reply: "Seen as it came." });
    const chatId = await sendMessage(page, `Quietly ${held.directive}`);
    await held.release();
    await replyStored(page, db, chatId);
    expect(await recorded(page, "__notifications")).toEqual([]);
  });

  test("no notification when the user has turned notifications off", async ({ page, user, db, mock }) => {
    await stubBrowser(page, { hidden: true, permission: "granted" });
    const response = await postForm(page.request, "/settings", {
      intent: "notifications",
      notifications: "off",
    });
    expect(response.status()).toBe(302);
    expect(db.get("select notifications from user_preferences where user_id = ?", user.id)).toEqual({
      notifications: 0,
    });
    await page.goto("/chat");
    const held = mock.heldReply({ reply: "Shh." });
    const chatId = await sendMessage(page, `Do not disturb ${held.directive}`);
    await held.release();
    await replyStored(page, db, chatId);
    expect(await recorded(page, "__notifications")).toEqual([]);
  });

  test("turning notifications on asks the browser for permission; turning them off does not", async ({
    page,
    user: _user,
  }) => {
    await stubBrowser(page, { hidden: false, permission: "default" });
    await page.goto("/chat?settings=preferences");
    await expect(notificationsSwitch(page)).toBeChecked();

    await submitForm(page, notificationsSwitch(page), "/settings");
    await expectToast(page, "Notifications disabled");
    await expect(notificationsSwitch(page)).not.toBeChecked();
    expect(await recorded(page, "__permissionRequests")).toBe(0);

    await submitForm(page, notificationsSwitch(page), "/settings");
    await expectToast(page, "Notifications enabled");
    await expect(notificationsSwitch(page)).toBeChecked();
    expect(await recorded(page, "__permissionRequests")).toBe(1);
  });
});
