/** The admin console's users screen, worked as an admin would, with JavaScript on and off. */
import { ADMIN } from "./support/env";
import { postForm } from "./support/forms";
import {
  ALSO_WITHOUT_JS,
  expect,
  expectRefusedOnce,
  expectToast,
  openAsAdmin,
  signIn,
  test,
} from "./support/fixtures";

test.describe("admin users", { tag: ALSO_WITHOUT_JS }, () => {
  test("an admin finds a user by e-mail and bans them; the user is signed out", async ({
    page,
    account,
    db,
    newVisitor,
  }) => {
    const visitor = await newVisitor();
    await signIn(visitor, account);
    await openAsAdmin(page, "/admin/users");
    await page.getByRole("searchbox").fill(account.email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("user-row")).toHaveCount(1);
    const sessions = () => db.count("select count(*) from sessions where user_id = ?", account.id);
    const signedIn = sessions();
    await page.getByRole("button", { name: `Ban ${account.email}` }).click();
    // One click only asks (a dialog with JavaScript, the user's page without), and says what a ban does.
    await expect(page.getByRole("heading", { name: `Ban ${account.email}?` })).toBeVisible();
    await expect(page.getByText("They are signed out everywhere at once")).toBeVisible();
    expect(sessions()).toBe(signedIn);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expectToast(page, "User updated", "User banned; their sessions were signed out.");
    await expect(page).toHaveURL(/\/admin\/users\?q=/);
    await expect(page.getByRole("button", { name: `Unban ${account.email}` })).toBeVisible();
    expect(sessions()).toBe(0);
    await visitor.goto("/chat");
    await expect(visitor).toHaveURL(/\/signin/);
  });

  test("Make admin and Restrict ask first, and Cancel changes nothing", async ({ page, account, db }) => {
    await openAsAdmin(page, `/admin/users?q=${encodeURIComponent(account.email)}`);
    const roles = () => db.count("select count(*) from user_roles where user_id = ?", account.id);
    for (const [action, consequence] of [
      ["Make admin", "They get the whole admin console"],
      ["Restrict", "cannot send a message until they are unrestricted"],
    ] as const) {
      await page.getByRole("button", { name: `${action} ${account.email}` }).click();
      await expect(page.getByRole("heading", { name: `${action} ${account.email}?` })).toBeVisible();
      await expect(page.getByText(consequence)).toBeVisible();
      await page
        .getByRole("button", { name: "Cancel" })
        .or(page.getByRole("link", { name: "Cancel" }))
        .click();
      await expect(page.getByRole("heading", { name: `${action} ${account.email}?` })).toHaveCount(0);
      expect(roles()).toBe(0);
    }
    await page.getByRole("button", { name: `Restrict ${account.email}` }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expectToast(page, "User updated");
    await expect(page.getByRole("button", { name: `Unrestrict ${account.email}` })).toBeVisible();
    expect(
      db.count("select count(*) from user_roles where user_id = ? and role = 'restricted'", account.id),
    ).toBe(1);
  });

  test("deleting asks for the e-mail, and a wrong one is refused with 'Deletion Failed'", async ({
    page,
    account,
    db,
  }) => {
    await openAsAdmin(page, `/admin/users/${account.id}`);
    await page.getByLabel("Confirm e-mail").fill("wrong@e2e.test");
    await page.getByRole("button", { name: "Delete user" }).click();
    await expectRefusedOnce(
      page,
      "Deletion Failed",
      "Type the user's e-mail to confirm.",
      page.locator("#delete-user"),
    );
    expect(db.userByEmail(account.email)).toBeDefined();
    await page.getByLabel("Confirm e-mail").fill(account.email);
    await page.getByRole("button", { name: "Delete user" }).click();
    await expectToast(page, "User deleted");
    await expect(page).toHaveURL("/admin/users");
    expect(db.userByEmail(account.email)).toBeUndefined();
  });

  test("an admin's own account offers no role change or deletion, and a crafted one is refused", async ({
    page,
    db,
  }) => {
    const admin = db.userByEmail(ADMIN.email);
    if (!admin) throw new Error("the run's admin is missing");
    await openAsAdmin(page, `/admin/users/${admin.id}`);
    await expect(page.getByTestId("own-account")).toHaveText(
      "Your own account: only another admin can change its roles.",
    );
    await expect(page.getByText("You cannot delete your own account.")).toBeVisible();
    for (const action of ["Revoke admin", "Ban", "Restrict", "Delete user"])
      await expect(page.getByRole("button", { name: new RegExp(`^${action}`) })).toHaveCount(0);
    await expect(page.getByLabel("Confirm e-mail")).toHaveCount(0);

    const refused = await postForm(page.request, `/admin/users/${admin.id}`, {
      intent: "revoke-admin",
      redirectTo: `/admin/users/${admin.id}`,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("You cannot remove your own admin role.");
    expect(db.count("select count(*) from user_roles where user_id = ? and role = 'admin'", admin.id)).toBe(
      1,
    );
  });
});

test(`the admin frame becomes a menu at 375 px, with the way back to chat and sign-out ${ALSO_WITHOUT_JS}`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAsAdmin(page, "/admin");
  const menu = page.getByText("Menu", { exact: true });
  const adminNav = page.getByRole("navigation", { name: "Admin" });
  // Below 768 px the sidebar is folded into the menu: its links are hidden until it opens.
  await expect(adminNav.filter({ visible: true })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);

  await menu.click();
  await adminNav.filter({ visible: true }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await menu.click();
  await expect(page.getByRole("link", { name: "Back to chat" }).filter({ visible: true })).toHaveAttribute(
    "href",
    "/chat",
  );
  await page.getByRole("button", { name: "Sign out" }).filter({ visible: true }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin/);
});
