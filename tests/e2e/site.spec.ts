/**
 * The public site: every landing section and its behaviours, /pricing's buttons and redirects, no dead links,
 * no sideways scrolling at phone, tablet and desktop widths, and no serious accessibility violations.
 */
import type { Page } from "@playwright/test";
import { askInNewChat } from "./support/chat";
import { expectNoSeriousViolations } from "./support/axe";
import { ALSO_WITHOUT_JS, expect, openDemoLink, test } from "./support/fixtures";
import { submitForm } from "./support/forms";

const PUBLIC_PAGES = ["/", "/features", "/pricing", "/about", "/docs", "/api", "/signin", "/signup"];

test.describe("public pages", { tag: ALSO_WITHOUT_JS }, () => {
  test("the landing page has every section in the spec's order", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("The First Truly Uncensored AI")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ask Anything. Say Everything.");
    await expect(page.getByRole("link", { name: "Start Uncensored Chat" }).first()).toHaveAttribute(
      "href",
      "/chat",
    );
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    const order = [
      "Features",
      "Why Choose Us",
      "Ask questions like these",
      "How It Works",
      "One chat, every model",
      "Live demo",
      "Private Inference API",
      "How we compare",
      "What our users say",
      "Your questions deserve real answers",
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
    await expect(
      page.getByRole("region", { name: "Sample prompts" }).locator("ul").first().locator("li"),
    ).toHaveCount(8);
    await expect(page.getByRole("list", { name: "Example questions" }).locator("li")).toHaveCount(5);
    await expect(page.getByRole("link", { name: "Experience True AI Freedom" })).toHaveAttribute(
      "href",
      "/chat",
    );
    await expect(page.getByRole("link", { name: "View API Docs" })).toHaveAttribute("href", "/api");
    const table = page.getByRole("table", { name: "Rogue AI compared with other AI products" });
    await expect(table.getByRole("row", { name: /Voice, Image and Video Input/ })).toContainText(
      "Coming soon",
    );
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("the demo's tabs are links: Text by default, and each tab renders its own canned reply", async ({
    page,
  }) => {
    await page.goto("/");
    const tabs = page.getByRole("tablist", { name: "Demo" }).getByRole("tab");
    await expect(tabs).toHaveText(["Text", "Images", "Code", "Characters"]);
    await expect(page.getByRole("tab", { name: "Text" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Code" }).click();
    await expect(page.getByRole("tab", { name: "Code" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("def reverse(s):");
  });

  test("every testimonial can be read, and every link on every public page answers", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Testimonials" })).toBeVisible();
    const hrefs = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      for (const href of await page
        .locator("a[href^='/']")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")!)))
        hrefs.add(href.split("#")[0]!);
    }
    for (const href of hrefs) {
      const response = await request.get(href, { maxRedirects: 5 });
      expect(response.status(), href).toBeLessThan(400);
    }
  });

  test("/docs lists the test cards of the simulated checkout, with no server settings in sight", async ({
    page,
  }) => {
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Checkout and test cards" })).toBeVisible();
    await expect(page.getByText("Payments on this service are simulated: no money moves.")).toBeVisible();
    await expect(page.getByRole("row", { name: "4242 4242 4242 4242 Paid (Visa)" })).toBeVisible();
    // Operators' settings are the README's business, not a visitor's.
    await expect(page.getByText("STRIPE_SECRET_KEY")).toHaveCount(0);

    // On a phone each card number stays on one line, as it is printed on a card.
    await page.setViewportSize({ width: 375, height: 800 });
    const numbers = page.getByRole("table").first().locator("tbody td:first-child");
    await expect(numbers).not.toHaveCount(0);
    const lines = await numbers.evaluateAll((cells) =>
      cells.map((cell) => {
        const text = document.createRange();
        text.selectNodeContents(cell);
        return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
      }),
    );
    expect(
      lines.every((count) => count === 1),
      `lines per card number: ${lines.join(", ")}`,
    ).toBe(true);
  });

  test("/api lists the parameters each vendor takes", async ({ page }) => {
    await page.goto("/api");
    const table = page.getByRole("table").filter({ hasText: "response_format" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Parameter",
      "Together AI",
      "Novita AI",
      "ModelsLab",
      "OpenAI",
    ]);
    const row = (name: string) =>
      table.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
    await expect(row("temperature").getByRole("cell")).toHaveText([
      "temperature",
      "yes",
      "yes",
      "yes",
      "yes",
    ]);
    await expect(row("stop").getByRole("cell")).toHaveText(["stop", "yes", "yes", "—", "yes"]);
    await expect(row("top_p").getByRole("cell")).toHaveText(["top_p", "yes", "yes", "yes", "yes"]);
    await expect(row("user").getByRole("cell")).toHaveText(["user", "—", "—", "—", "yes"]);
    await expect(page.getByText("GET /v1/models/{id}")).toBeVisible();
  });

  test("the mobile menu opens and lists the header's links", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await page.getByText("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Pricing" })).toBeVisible();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL("/pricing");
  });

  test("pricing switches between monthly and annual with a link", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByTestId("price-Professional")).toHaveText("$25");
    await expect(page.getByTestId("price-Starter")).toHaveText("$0");
    await expect(page.getByText("MOST POPULAR")).toBeVisible();
    await expect(page.getByText("RECOMMENDED")).toBeVisible();
    await page.getByRole("link", { name: "Annual (save $50)" }).click();
    await expect(page.getByTestId("price-Professional")).toHaveText("$250");
    await expect(page.getByText("/year", { exact: true })).toBeVisible();
    await expect(page.getByText(/PayPal/)).toBeAttached();
    await expect(page.getByRole("region", { name: "What our users say" }).getByRole("listitem")).toHaveCount(
      3,
    );
  });

  test("signed out, Professional goes through sign-up back to pricing, then straight to checkout", async ({
    page,
  }, testInfo) => {
    await page.goto("/pricing?billing=annually");
    await expect(page.getByRole("link", { name: "Create Free Account" })).toHaveAttribute(
      "href",
      `/signup?${new URLSearchParams({ redirectTo: "/chat" })}`,
    );
    await page.getByRole("link", { name: "Sign Up for Professional" }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=/);
    await page.getByLabel("Name", { exact: true }).fill("Priced");
    await page
      .getByLabel("Email", { exact: true })
      .fill(`priced-${testInfo.workerIndex}-${Date.now()}@e2e.test`);
    await page.getByLabel("Password", { exact: true }).fill("password-123");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL("/checkout?tier=professional&billing=annually");
    await expect(page.getByTestId("summary-total")).toHaveText("$250/year");
  });

  test("signed in, the buttons read 'Start For Free' and go to the chat or checkout", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("link", { name: "Start For Free" })).toHaveAttribute("href", "/chat");
    await expect(page.getByRole("link", { name: "Upgrade to Professional" })).toHaveAttribute(
      "href",
      "/checkout?tier=professional&billing=monthly",
    );
    await expect(page.getByRole("link", { name: "Get Professional Now" })).toHaveAttribute(
      "href",
      "/checkout?tier=professional&billing=monthly",
    );
    // Starter is the plan they have, and the card says so; Professional does not claim to be theirs.
    await expect(page.getByRole("region", { name: "Starter" })).toContainText("Your plan");
    await expect(page.getByRole("region", { name: "Professional" })).not.toContainText("Your plan");
  });

  test("a Professional user sees Professional as their plan, and its button adds a month or a year", async ({
    page,
    db,
    user,
  }) => {
    db.setPlan(user.id, "professional", new Date(Date.now() + 10 * 86_400_000));
    await page.goto("/pricing");
    const pro = page.getByRole("region", { name: "Professional" });
    await expect(pro).toContainText("Your plan");
    await expect(page.getByRole("region", { name: "Starter" })).not.toContainText("Your plan");
    // Buying again extends the plan from its end date (docs/product.md §2): the button says that, not 'Upgrade'.
    await expect(pro.getByRole("link", { name: "Add another month" })).toHaveAttribute(
      "href",
      "/checkout?tier=professional&billing=monthly",
    );
    await expect(pro).toContainText("added after your current plan ends");
    await expect(page.getByRole("link", { name: /Upgrade|Get Professional/ })).toHaveCount(0);
    // The closing call leads to what they already have.
    await expect(page.getByRole("link", { name: "Open the Chat" })).toHaveAttribute("href", "/chat");

    await page.getByRole("link", { name: "Annual (save $50)" }).click();
    await expect(pro.getByRole("link", { name: "Add another year" })).toHaveAttribute(
      "href",
      "/checkout?tier=professional&billing=annually",
    );
    // Coming back from sign-in with Professional selected still means buying it: straight to checkout.
    await page.goto("/pricing?selected=professional&billing=annually");
    await expect(page).toHaveURL("/checkout?tier=professional&billing=annually");
  });

  test("a demo user is offered an account first: no plan is called theirs and nothing leads to a refused checkout", async ({
    page,
  }) => {
    await openDemoLink(page);
    await expect(page).toHaveURL(/\/chat/);
    await page.goto("/pricing");
    await expect(page.getByText("Your plan")).toHaveCount(0);
    const toCheckout = `/signup?${new URLSearchParams({ redirectTo: "/checkout?tier=professional&billing=monthly" })}`;
    const pro = page.getByRole("region", { name: "Professional" });
    await expect(pro.getByRole("link", { name: "Sign Up for Professional" })).toHaveAttribute(
      "href",
      toCheckout,
    );
    await expect(pro).toContainText(
      "Demo accounts cannot buy a plan. Create a free account first — your demo chats carry over.",
    );
    await expect(page.getByRole("link", { name: "Get Professional Now" })).toHaveAttribute(
      "href",
      toCheckout,
    );
    await expect(
      page.getByRole("region", { name: "Starter" }).getByRole("link", { name: "Create Free Account" }),
    ).toHaveAttribute("href", `/signup?${new URLSearchParams({ redirectTo: "/chat" })}`);
    await expect(page.locator("main a[href^='/checkout']")).toHaveCount(0);
  });

  test("the footer offers Sign In and Sign Up signed out, and the account and Sign Out signed in", async ({
    page,
    signUp,
    db,
  }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");
    await expect(footer.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    await expect(footer.getByRole("button", { name: "Sign Out" })).toHaveCount(0);

    const user = await signUp(page);
    await page.goto("/about");
    await expect(footer.getByRole("link", { name: /Sign In|Sign Up/ })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Chat", exact: true })).toHaveAttribute("href", "/chat");
    await expect(footer.getByRole("link", { name: "Account" })).toHaveAttribute(
      "href",
      "/chat?settings=account",
    );
    // As from the header: off a public page, signing out lands on the home page.
    await footer.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(footer.getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(db.count("select count(*) from sessions where user_id = ?", user.id)).toBe(0);
  });
});

test.describe("no dead links signed in", { tag: ALSO_WITHOUT_JS }, () => {
  test("every link reachable from the chat, its dialogs and the public pages answers, two clicks deep", async ({
    page,
    user: _user,
    db,
  }) => {
    test.setTimeout(90_000);
    const chatId = await askInNewChat(page, db, "Link check");
    // The screens a signed-in user starts from; every page they link to is read for its own links in turn.
    const start = [
      "/chat",
      `/chat/${chatId}`,
      ...["account", "preferences", "about"].map((tab) => `/chat/${chatId}?settings=${tab}`),
      `/chat/${chatId}/rename`,
      `/chat/${chatId}/delete`,
      "/checkout?tier=professional&billing=monthly",
      "/no-such-page",
      ...PUBLIC_PAGES.filter((path) => !path.startsWith("/sign")),
    ];
    // Start pages are read as rendered (dialogs open); the pages they link to, from the server's HTML, which
    // has the same links and is much faster to fetch than to render.
    const answered = new Map<string, number>();
    const linksOf = (html: string) =>
      [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"#]*)/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
    const seen = new Set<string>();
    for (const path of start) {
      await page.goto(path);
      const hrefs = await page
        .locator("a[href^='/']")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("#")[0]!));
      for (const href of hrefs) seen.add(href);
    }
    for (const href of [...seen]) {
      const response = await page.request.get(href, { maxRedirects: 5 });
      answered.set(href, response.status());
      // Signing out or downloading ends the walk there; every other page is read for its links in turn.
      if (href.startsWith("/signout") || href.endsWith("/download")) continue;
      for (const deeper of linksOf(await response.text())) {
        if (answered.has(deeper) || seen.has(deeper)) continue;
        answered.set(deeper, (await page.request.get(deeper, { maxRedirects: 5 })).status());
      }
    }
    const dead = [...answered].filter(([, status]) => status >= 400);
    expect(dead, "links answering 4xx/5xx").toEqual([]);
    expect(answered.size).toBeGreaterThan(20);
  });
});

test.describe("landing behaviours", () => {
  test("the header turns solid past 10 px and the Start Chatting banner shows past 800 px", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-solid", "false");
    await expect(page.getByTestId("sticky-banner")).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(header).toHaveAttribute("data-solid", "true");
    await expect(page.getByTestId("sticky-banner")).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(
      page.getByTestId("sticky-banner").getByRole("link", { name: "Start Chatting" }),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("sticky-banner")).toHaveCount(0);
  });

  test("the highlighted question example moves on every 3 seconds", async ({ page }) => {
    // Paused from before the page starts: a slow load must not let the first 3 s pass unseen.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/");
    const items = page.getByRole("list", { name: "Example questions" }).locator("li");
    await expect(items.nth(0)).toHaveAttribute("data-active", "true");
    await page.clock.runFor(3000);
    await expect(items.nth(1)).toHaveAttribute("data-active", "true");
    await expect(items.nth(0)).toHaveAttribute("data-active", "false");
    await page.clock.runFor(4 * 3000);
    await expect(items.nth(0)).toHaveAttribute("data-active", "true");
  });

  for (const { width, perView } of [
    { width: 375, perView: 1 },
    { width: 768, perView: 2 },
    { width: 1280, perView: 3 },
  ]) {
    test(`the testimonial carousel shows ${perView} at ${width} px, loops, and answers buttons and arrow keys`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const carousel = page.getByRole("region", { name: "Testimonials" });
      const slides = carousel.locator("[aria-roledescription='slide']");
      await expect(slides).toHaveCount(perView);
      const first = () => slides.first().locator("p").textContent();
      const start = await first();
      await carousel.getByRole("button", { name: "Previous testimonial" }).click();
      await expect.poll(first).toContain("Chris O.");
      await carousel.getByRole("button", { name: "Next testimonial" }).click();
      await expect.poll(first).toBe(start);
      await carousel.focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(first).toContain("Daniel K.");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(first).toBe(start);
    });
  }
});

test("without JavaScript the testimonials are one scrollable row of all six @nojs-only", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Testimonials" });
  await expect(carousel.locator("[aria-roledescription='slide']")).toHaveCount(6);
  const track = page.getByTestId("carousel-track");
  expect(await track.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
});

async function expectNoHorizontalOverflow(page: Page, path: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()!.width;
  expect(width, `${path} at ${viewport}px`).toBeLessThanOrEqual(viewport);
}

test.describe("layout", { tag: ALSO_WITHOUT_JS }, () => {
  for (const width of [375, 768, 1280]) {
    test(`no page scrolls sideways at ${width} px`, async ({ page, user: _user }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        ...PUBLIC_PAGES.filter((p) => !p.startsWith("/sign")),
        "/checkout?tier=professional",
      ]) {
        await page.goto(path);
        await expectNoHorizontalOverflow(page, path);
      }
    });
  }

  test("the pricing page's plan table fits a phone: the Professional column is on screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/pricing");
    const table = page.getByRole("table", { name: "Compare plans" });
    await expect(table).toBeVisible();
    // Polled: a page just loaded can be measured before its stylesheet has applied.
    await expect
      .poll(() => table.evaluate((el) => el.scrollWidth - el.parentElement!.clientWidth))
      .toBeLessThanOrEqual(0);
    const professional = table.getByRole("columnheader", { name: "Professional" });
    const box = (await professional.boundingBox())!;
    expect(box.x + box.width, "the Professional column's right edge").toBeLessThanOrEqual(375);
  });

  test("the API's error table fits a phone: its exception names break between their words", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/api");
    const table = page.getByRole("table").filter({ hasText: "PermissionDeniedError" });
    await expect(table).toBeVisible();
    const [tableWidth, boxWidth] = await table.evaluate((el) => [
      el.scrollWidth,
      el.parentElement!.clientWidth,
    ]);
    expect(tableWidth, "the table's width within its box").toBeLessThanOrEqual(boxWidth);
  });

  test("the example code on /api and /docs fits its box at 1280 px, and at 375 px scrolls with its padding", async ({
    page,
  }) => {
    for (const path of ["/api", "/docs"]) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      const blocks = page.locator("main pre");
      await expect(blocks).not.toHaveCount(0);
      const overflowing = await blocks.evaluateAll((pres) =>
        pres.filter((pre) => pre.scrollWidth > pre.clientWidth).map((pre) => pre.textContent!.slice(0, 40)),
      );
      expect(overflowing, `${path}: code wider than its box at 1280 px`).toEqual([]);

      // On a phone a long line scrolls; scrolled to its end, its last character keeps the box's padding.
      await page.setViewportSize({ width: 375, height: 800 });
      const gaps = await blocks.evaluateAll((pres) =>
        pres.map((pre) => {
          pre.scrollLeft = pre.scrollWidth;
          const text = document.createRange();
          text.selectNodeContents(pre);
          const right = Math.max(...[...text.getClientRects()].map((box) => box.right));
          const box = pre.getBoundingClientRect();
          const inner =
            box.left + pre.clientLeft + pre.clientWidth - parseFloat(getComputedStyle(pre).paddingRight);
          return Math.round(inner - right);
        }),
      );
      expect(
        gaps.every((gap) => gap >= 0),
        `${path}: space between each block's longest line and its padding at 375 px: ${gaps.join(", ")}`,
      ).toBe(true);
    }
  });

  test("the header is solid over a scrolled page, so the page never shows through it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/pricing");
    await page.evaluate(() => window.scrollTo(0, 600));
    const header = page.getByRole("banner");
    const pageColour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // Polled: with JavaScript the header's colour fades in once the page has scrolled.
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(pageColour);
  });
});

test.describe("accessibility", () => {
  for (const path of [
    "/",
    "/features",
    "/pricing",
    "/docs",
    "/api",
    "/checkout?tier=professional",
    "/signin",
    "/signup",
  ]) {
    // At 375 px wide tables scroll sideways, which is when their frames must be reachable by keyboard.
    test(`${path} has no serious or critical axe violations at 1280 and 375 px`, async ({ page, signUp }) => {
      if (path.startsWith("/checkout")) await signUp(page);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expectNoSeriousViolations(page, `${path} at ${width} px`);
      }
    });
  }

  test("/ before its scripts have run (or without them) has no serious or critical axe violations at 1280 and 375 px", async ({
    page,
  }) => {
    // The page as it is before hydration, and as it stays without JavaScript: its scripts never arrive. (Axe
    // itself needs JavaScript, so the no-js project cannot run it.) The testimonials are then a track that
    // scrolls sideways, which a keyboard must reach.
    await page.route("**/assets/*.js", (route) => route.abort());
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect(page.getByTestId("carousel-track")).toBeVisible();
      await expectNoSeriousViolations(page, `/ without its scripts at ${width} px`);
    }
  });

  test("Settings → API keys and Shared links, each with an entry and its date, have no serious or critical axe violations at 1280 and 375 px", async ({
    page,
    user,
    db,
  }) => {
    // Two pages, each twice, after a reply, a share and a key: more than one page's default time.
    test.slow();
    db.setPlan(user.id, "professional");
    const chatId = await askInNewChat(page, db, "A chat to share");
    await page.goto(`/chat/${chatId}/share`);
    await submitForm(page, page.getByRole("button", { name: "Create share link" }), `/chat/${chatId}/share`);
    await page.goto("/settings/api-keys");
    await page.getByLabel("Key name").fill("laptop");
    await submitForm(page, page.getByRole("button", { name: "Create key" }), "/settings/api-keys");
    for (const path of ["/settings/api-keys", "/settings/shared-links"]) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(
          page
            .getByRole("main")
            .getByText(/20\d\d/)
            .first(),
        ).toBeVisible();
        await expectNoSeriousViolations(page, `${path} at ${width} px`);
      }
    }
  });
});
