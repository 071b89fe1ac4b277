/** The admin console in the reader's language: an admin reading French gets French screens, JavaScript on and off. */
import { ALSO_WITHOUT_JS, expect, signIn, test } from "./support/fixtures";

test.use({ locale: "fr-FR" });

test.describe("admin console in French", { tag: ALSO_WITHOUT_JS }, () => {
  test("the dashboard and the users screen speak French, and the page says so", async ({
    page,
    account,
    db,
  }) => {
    db.grantRole(account.id, "admin");
    await signIn(page, account);
    // The account was registered in English; its admin switches to French as the language picker does.
    const switched = await page.request.post("/locale", { form: { locale: "fr", redirectTo: "/admin" } });
    expect(new URL(switched.url()).pathname).toBe("/admin");

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
