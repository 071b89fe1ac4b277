/** The admin console in the reader's language: a French browser gets French screens, with JavaScript on and off. */
import { ALSO_WITHOUT_JS, expect, test } from "./support/fixtures";

test.use({ locale: "fr-FR" });

test.describe("admin console in French", { tag: ALSO_WITHOUT_JS }, () => {
  test("the dashboard and the users screen speak French, and the page says so", async ({
    page,
    account,
    db,
  }) => {
    db.grantRole(account.id, "admin");
    // A first sign-in from a French browser makes French the account's language.
    const signedIn = await page.request.post("/signin", {
      form: { email: account.email, password: account.password, redirectTo: "/chat" },
      headers: { "Accept-Language": "fr-FR,fr;q=0.9" },
    });
    expect(new URL(signedIn.url()).pathname).toBe("/chat");

    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Fournisseurs (dernière heure)" })).toBeVisible();
    await expect(page.getByText(/^Dernière mise à jour : /)).toBeVisible();
    await expect(page).toHaveTitle("Tableau de bord — Administration — Rogue AI");

    await page.goto("/admin/users");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Rechercher" })).toBeVisible();
    await expect(page.getByLabel("Début de l'e-mail, ou id de l'utilisateur")).toBeVisible();
  });
});
