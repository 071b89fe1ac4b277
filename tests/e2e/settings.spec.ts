import type { Page } from "@playwright/test";
import { sendMessage, sidebar, storedReply } from "./support/chat";
import { postForm, submitForm } from "./support/forms";
import {
  ALSO_WITHOUT_JS,
  expect,
  expectSignedOut,
  expectToast,
  openDemoLink,
  signIn,
  test,
} from "./support/fixtures";

const dialog = (page: Page) => page.getByRole("dialog", { name: "Settings" });
const tab = (page: Page, name: string) => dialog(page).getByRole("tab", { name });
const darkMode = (page: Page) => dialog(page).getByRole("switch", { name: "Dark mode" });
const notifications = (page: Page) => dialog(page).getByRole("switch", { name: "Notifications" });
const language = (page: Page) => dialog(page).getByRole("combobox", { name: "Language" });
const htmlClass = (page: Page) => page.locator("html").getAttribute("class");

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

/** The `<html>` element of the page as the server sends it (before any script runs). */
async function serverHtmlTag(page: Page, path: string) {
  const body = await (await page.request.get(path)).text();
  return /<html[^>]*>/.exec(body)?.[0] ?? "";
}

test.describe("settings dialog", { tag: ALSO_WITHOUT_JS }, () => {
  test("opens server-rendered on each tab named in the URL", async ({ page, user }) => {
    await page.goto("/chat?settings=account");
    await expect(dialog(page)).toBeVisible();
    await expect(tab(page, "Account")).toHaveAttribute("aria-selected", "true");
    await expect(dialog(page).getByText(user.name, { exact: true })).toBeVisible();
    await expect(dialog(page).getByText(user.email, { exact: true })).toBeVisible();
    await expect(dialog(page).getByText("Free Plan", { exact: true })).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: "Your own vendor key" })).toBeVisible();
    // The avatar is drawn here from the name: no image is fetched from anywhere.
    await expect(dialog(page).getByRole("img", { name: user.name })).toBeVisible();
    await expect(dialog(page).locator("img")).toHaveCount(0);

    await page.goto("/chat?settings=preferences");
    await expect(tab(page, "Preferences")).toHaveAttribute("aria-selected", "true");
    await expect(darkMode(page)).toBeVisible();
    await expect(notifications(page)).toBeVisible();
    await expect(language(page)).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: "Archive All" })).toBeVisible();
    const sound = dialog(page).getByRole("switch", { name: "Chat Message Sound" });
    await expect(sound).toBeChecked();
    await expect(sound).toBeDisabled();

    await page.goto("/chat?settings=about");
    await expect(tab(page, "About")).toHaveAttribute("aria-selected", "true");
    await expect(dialog(page).getByText("Version 1.0.0")).toBeVisible();
    await expect(darkMode(page)).toHaveCount(0);

    // An unknown tab opens on Account.
    await page.goto("/chat?settings=billing");
    await expect(tab(page, "Account")).toHaveAttribute("aria-selected", "true");
  });

  test("the sidebar's Settings opens it; tabs switch; Close leaves the page as it was", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    await expect(dialog(page)).toHaveCount(0);
    await sidebar(page).getByRole("link", { name: "Settings" }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(page).toHaveURL(/[?&]settings=account/);

    await tab(page, "Preferences").click();
    await expect(darkMode(page)).toBeVisible();
    await expect(page).toHaveURL(/[?&]settings=preferences/);
    await tab(page, "About").click();
    await expect(dialog(page).getByText("Version 1.0.0")).toBeVisible();
    await expect(page).toHaveURL(/[?&]settings=about/);

    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL("/chat");
  });

  test("dark mode turns off and on, persists across reloads, and the server renders the right <html> class", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat?settings=preferences");
    expect(await htmlClass(page)).toBe("dark");
    await expect(darkMode(page)).toBeChecked();

    await submitForm(page, darkMode(page), "/settings");
    await expectToast(page, "Light mode enabled");
    await expect(page.locator("html")).toHaveClass("light");
    await expect(darkMode(page)).not.toBeChecked();
    await expect(page).toHaveURL("/chat?settings=preferences");
    expect(await serverHtmlTag(page, "/chat")).toContain('class="light"');

    await page.reload();
    await expect(page.locator("html")).toHaveClass("light");
    await expect(darkMode(page)).not.toBeChecked();
    // The light theme really changes the colours: the page background is light.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(255, 255, 255)");

    await submitForm(page, darkMode(page), "/settings");
    await expectToast(page, "Dark mode enabled");
    await expect(page.locator("html")).toHaveClass("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    expect(await serverHtmlTag(page, "/")).toContain('class="dark"');
  });

  test("notifications turn off and on and stay so after a reload", async ({ page, user, db }) => {
    await page.goto("/chat?settings=preferences");
    await expect(notifications(page)).toBeChecked();

    await submitForm(page, notifications(page), "/settings");
    await expectToast(page, "Notifications disabled");
    await expect(notifications(page)).not.toBeChecked();
    await page.reload();
    await expect(notifications(page)).not.toBeChecked();
    expect(db.get("select notifications from user_preferences where user_id = ?", user.id)).toEqual({
      notifications: 0,
    });

    await submitForm(page, notifications(page), "/settings");
    await expectToast(page, "Notifications enabled");
    await expect(notifications(page)).toBeChecked();
  });

  test("the language is saved and shown after a reload", async ({ page, user, db }) => {
    await page.goto("/chat?settings=preferences");
    await expect(language(page)).toHaveValue("english");

    await language(page).selectOption("german");
    // With JavaScript choosing saves at once; without it the Save button does.
    if (!withJs()) await dialog(page).getByRole("button", { name: "Save" }).click();
    // The interface switches at once: the toast and the dialog already speak German.
    await expectToast(page, "Sprache aktualisiert");
    await expect
      .poll(() => db.get("select language from user_preferences where user_id = ?", user.id))
      .toEqual({ language: "german" });
    await page.reload();
    const germanDialog = page.getByRole("dialog", { name: "Einstellungen" });
    await expect(germanDialog.getByRole("combobox", { name: "Sprache" })).toHaveValue("german");
    await expect(germanDialog.getByRole("button", { name: "Speichern" })).toBeVisible({ visible: !withJs() });
  });

  test("Archive All hides every chat from the list", async ({ page, user: _user }) => {
    await page.goto("/chat");
    const chatId = await sendMessage(page, "A chat to archive");
    await expect(sidebar(page).getByRole("link", { name: "A chat to archive" })).toBeVisible();
    // Without JavaScript a page with a reply under way reloads itself, which would cut the next navigation off.
    await storedReply(page);

    await page.goto(`/chat/${chatId}?settings=preferences`);
    await dialog(page).getByRole("button", { name: "Archive All" }).click();
    await expectToast(page, "Chats archived");
    await expect(sidebar(page).getByRole("link", { name: "A chat to archive" })).toHaveCount(0);
  });

  test("the API Keys section says whose key replies use, and offers no key of one's own while the service has one", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat?settings=account");
    // The test server gives every vendor a key of the service's own (the other case: truthful-texts.test.ts).
    await expect(dialog(page).getByText("Together AI key provided by Rogue AI")).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: "Set API Key" })).toHaveCount(0);
    // The key dialog, opened from its address, says the same.
    await page.goto("/chat?apikey=edit");
    await expect(
      page.getByText("The service has a Together AI key of its own, and replies use it."),
    ).toBeVisible();
  });

  test("a demo user sees the upgrade card; Upgrade Now goes to /pricing", async ({ page }) => {
    await openDemoLink(page);
    await expect(page).toHaveURL("/chat");
    await page.goto("/chat?settings=account");
    await expect(dialog(page).getByText("Demo Account", { exact: true })).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: "Unlock Professional Features" })).toBeVisible();
    await dialog(page).getByRole("link", { name: "Upgrade Now" }).click();
    await expect(page).toHaveURL("/pricing");
  });

  test("a normal user sees no demo upgrade card; their plan section links to /pricing", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat?settings=account");
    await expect(dialog(page).getByText("Free Plan", { exact: true })).toBeVisible();
    await expect(dialog(page).getByText("Unlock Professional Features")).toHaveCount(0);
    const upgrade = dialog(page).getByRole("link", { name: "Upgrade Now" });
    await expect(upgrade).toHaveCount(1);
    await expect(upgrade).toHaveAttribute("href", "/pricing");
  });

  test("Sign Out in the dialog ends the session", async ({ page, user, db }) => {
    await page.goto("/chat?settings=account");
    await dialog(page).getByRole("button", { name: "Sign Out" }).click();
    await expectSignedOut(page, db, user.id);
  });
});

test.describe("settings with JavaScript", () => {
  test("Escape closes the dialog and the tabs follow the arrow keys", async ({ page, user: _user }) => {
    await page.goto("/chat?settings=account");
    await tab(page, "Account").focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Preferences")).toHaveAttribute("aria-selected", "true");
    await expect(darkMode(page)).toBeVisible();
    await expect(page).toHaveURL(/[?&]settings=preferences/);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL("/chat");
  });

  test("the switch moves at once while the setting is saved", async ({ page, user: _user }) => {
    await page.goto("/chat?settings=preferences");
    // The save is held until the switch has been seen moved: it cannot have waited for the answer.
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route("**/settings*", async (route) => {
      await saveHeld;
      await route.continue();
    });
    await darkMode(page).click();
    await expect(darkMode(page)).not.toBeChecked();
    releaseSave();
    await expectToast(page, "Light mode enabled");
  });
});

test.describe("/settings", () => {
  test("changes the theme for a visitor who is not signed in", async ({ page }) => {
    const response = await postForm(page.request, "/settings", {
      intent: "theme",
      theme: "light",
      redirectTo: "/signin",
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/signin");
    expect(response.headers()["set-cookie"]).toMatch(/(^|\n)theme=light;/);
    await page.goto("/signin");
    await expect(page.locator("html")).toHaveClass("light");
    await expectToast(page, "Light mode enabled");
  });

  test("asks a visitor to sign in before saving notifications or language", async ({ page, db, user }) => {
    // Signed out: the browser that was this user's no longer speaks for them. (The check is on this user's
    // row: counting every row raced with the sign-ups of the tests running beside this one.)
    await page.context().clearCookies();
    const response = await postForm(page.request, "/settings", {
      intent: "notifications",
      notifications: "off",
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/signin\?redirectTo=/);
    expect(
      db.count("select count(*) from user_preferences where user_id = ? and notifications = 0", user.id),
    ).toBe(0);
  });

  test("refuses bad input with 400 and a message, and saves nothing", async ({ page, user: _user }) => {
    for (const [form, message] of [
      [{ intent: "language", language: "klingon" }, "Choose one of the listed languages."],
      [{ intent: "theme", theme: "neon" }, "Theme must be dark or light."],
      [{ intent: "notifications", notifications: "maybe" }, "Notifications must be on or off."],
      [{ intent: "delete-everything" }, "Unknown settings action."],
    ] as const) {
      const response = await postForm(page.request, "/settings", form);
      expect(response.status(), JSON.stringify(form)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    await page.goto("/chat?settings=preferences");
    await expect(language(page)).toHaveValue("english");
    expect(await htmlClass(page)).toBe("dark");
  });

  test("never redirects off-site", async ({ page }) => {
    const response = await postForm(page.request, "/settings", {
      intent: "theme",
      theme: "dark",
      redirectTo: "//evil.example/",
    });
    expect(response.headers()["location"]).toBe("/chat?settings=preferences");
  });

  test("GET /settings opens the dialog on Preferences", async ({ page, user: _user }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL("/chat?settings=preferences");
    await expect(tab(page, "Preferences")).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("password and sessions", { tag: ALSO_WITHOUT_JS }, () => {
  test("a user changes their password, which signs out their other browser, and ends other sessions at will", async ({
    page,
    browser,
    user,
  }) => {
    // The same account signed in on another device.
    const other = await browser.newContext({ javaScriptEnabled: withJs() });
    const otherPage = await other.newPage();
    await signIn(otherPage, user);

    await page.goto("/chat?settings=account");
    await dialog(page).getByRole("link", { name: "Password and sessions" }).click();
    await expect(page.getByRole("heading", { name: "Password and sessions", level: 1 })).toBeVisible();
    await expect(page.getByTestId("other-sessions")).toHaveText(
      "You are signed in on 1 other device or browser.",
    );

    // A wrong current password is refused in place, and nothing changes.
    const newPassword = `${user.password}-new`;
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("New password, again").fill(newPassword);
    await submitForm(page, page.getByRole("button", { name: "Change password" }), "/settings/security");
    await expect(page.getByText("That is not your current password.")).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("New password, again").fill(newPassword);
    await submitForm(page, page.getByRole("button", { name: "Change password" }), "/settings/security");
    await expectToast(page, "Password changed", "Your other sessions have been signed out.");
    await expect(page.getByTestId("other-sessions")).toHaveText("You are signed in only here.");
    // The other browser is signed out; the new password signs it in again.
    await otherPage.goto("/settings/security");
    await expect(otherPage).toHaveURL(/\/signin/);
    await signIn(otherPage, { email: user.email, password: newPassword });

    await page.reload();
    await expect(page.getByTestId("other-sessions")).toHaveText(
      "You are signed in on 1 other device or browser.",
    );
    await submitForm(
      page,
      page.getByRole("button", { name: "Sign out everywhere else" }),
      "/settings/security",
    );
    await expectToast(page, "Signed out everywhere else", "Only this session stays signed in.");
    await expect(page.getByTestId("other-sessions")).toHaveText("You are signed in only here.");
    await otherPage.goto("/settings/security");
    await expect(otherPage).toHaveURL(/\/signin/);
    await other.close();
  });
});
