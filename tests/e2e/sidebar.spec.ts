/**
 * The chat screen's sidebar and header: the chat list, search, rename, delete, download, archive, collapse,
 * the small-screen overlay, and that nobody reaches another user's chats. Tests tagged @nojs also run with
 * JavaScript off; @nojs-only tests are the no-JavaScript paths themselves (pages instead of dialogs).
 */
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import type { Page } from "@playwright/test";
import { sidebar } from "./support/chat";
import type { RunState } from "./support/env";
import {
  ALSO_WITHOUT_JS,
  expect,
  expectToast,
  ONLY_WITHOUT_JS,
  openDemoLink,
  test,
} from "./support/fixtures";
import { postForm } from "./support/forms";

const HOUR = 3600 * 1000;

interface SeedMessage {
  role: "user" | "assistant" | "system";
  content: string;
}

/** Stores a chat for `userId` straight in the database (as if they had chatted `hoursAgo` hours ago). */
function insertChat(
  run: RunState,
  userId: string,
  title: string,
  { hoursAgo = 0, messages = [] }: { hoursAgo?: number; messages?: SeedMessage[] } = {},
): string {
  const writer = new Database(run.dbFile, { fileMustExist: true, timeout: 5_000 });
  try {
    const id = uuidv7();
    const at = Date.now() - hoursAgo * HOUR;
    writer
      .prepare(
        "insert into chat_history (id, user_id, title, model_id, archived_at, created_at, updated_at) values (?, ?, ?, ?, null, ?, ?)",
      )
      .run(
        id,
        userId,
        title,
        "dolphin-mixtral-8x22b",
        new Date(at).toISOString(),
        new Date(at).toISOString(),
      );
    messages.forEach((message, index) => {
      writer
        .prepare(
          "insert into chat_messages (id, chat_id, user_id, role, content, status, created_at) values (?, ?, ?, ?, ?, 'complete', ?)",
        )
        .run(uuidv7(), id, userId, message.role, message.content, new Date(at + index).toISOString());
    });
    return id;
  } finally {
    writer.close();
  }
}

/** A title no other test uses, so parallel tests never see each other's chats by accident. */
const unique = (label: string) => `${label} ${randomBytes(3).toString("hex")}`;

const items = (page: Page) => sidebar(page).locator("li[data-chat-id]");
const chatLink = (page: Page, title: string) => sidebar(page).getByRole("link", { name: title, exact: true });
const chatItem = (page: Page, title: string) =>
  items(page).filter({ has: page.getByRole("link", { name: title, exact: true }) });
/** Without JavaScript, a chat item's Rename or Delete link opens a page of its own for that chat. */
const CHAT_PAGES = {
  rename: { link: "Rename chat", heading: "Rename chat" },
  delete: { link: "Delete chat", heading: "Delete chat?" },
};
/** Stores a chat for `userId` under a title no other test uses, made from `label`. */
function insertUniqueChat(
  run: RunState,
  userId: string,
  label: string,
  options?: Parameters<typeof insertChat>[3],
) {
  const title = unique(label);
  return { title, chatId: insertChat(run, userId, title, options) };
}

/** A new chat of the user's, with a unique title from `label`, opened at its Rename or Delete page. */
async function openNewChatPage(
  page: Page,
  run: RunState,
  userId: string,
  label: string,
  which: keyof typeof CHAT_PAGES,
) {
  const { title, chatId } = insertUniqueChat(run, userId, label);
  await page.goto(`/chat/${chatId}`);
  await chatItem(page, title).getByRole("link", { name: CHAT_PAGES[which].link }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}/${which}\\?redirectTo=`));
  await expect(page.getByRole("heading", { name: CHAT_PAGES[which].heading })).toBeVisible();
  return { title, chatId };
}
const searchBox = (page: Page) => sidebar(page).getByRole("searchbox", { name: "Search chats" });
const titleInDb = (run: RunState, chatId: string) => {
  const reader = new Database(run.dbFile, { readonly: true, fileMustExist: true });
  try {
    return (
      reader.prepare("select title from chat_history where id = ?").get(chatId) as
        { title: string } | undefined
    )?.title;
  } finally {
    reader.close();
  }
};

test.describe("the chat list", { tag: ALSO_WITHOUT_JS }, () => {
  test("a user without chats sees 'No chat history'", async ({ page, user: _user }) => {
    await page.goto("/chat");
    await expect(sidebar(page).getByText("No chat history")).toBeVisible();
    await expect(items(page)).toHaveCount(0);
  });

  test("lists the user's chats newest first and highlights the open one", async ({
    page,
    user,
    run,
    createAccount,
  }) => {
    const other = await createAccount();
    insertChat(run, other.id, "Someone else's chat");
    const [alpha, beta, gamma] = [unique("Alpha"), unique("Beta"), unique("Gamma")];
    insertChat(run, user.id, alpha, { hoursAgo: 3 });
    const betaId = insertChat(run, user.id, beta, { hoursAgo: 2 });
    insertChat(run, user.id, gamma, { hoursAgo: 1 });
    // A Starter user keeps 24 hours of history (docs/product.md §2).
    insertChat(run, user.id, unique("Too old for Starter"), { hoursAgo: 30 });

    await page.goto(`/chat/${betaId}`);
    await expect(items(page)).toHaveText([gamma, beta, alpha]);
    await expect(chatLink(page, beta)).toHaveAttribute("aria-current", "page");
    await expect(chatLink(page, alpha)).not.toHaveAttribute("aria-current", "page");
    await expect(sidebar(page).getByText("Version 1.0.0")).toBeVisible();

    await chatLink(page, gamma).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(chatLink(page, gamma)).toHaveAttribute("aria-current", "page");
    await page.goBack();
    await expect(page).toHaveURL(`/chat/${betaId}`);
  });

  test("the open chat's title is shown once, under the header, which links New chat (on a phone) and Settings", async ({
    page,
    user,
    run,
  }) => {
    const { title, chatId } = insertUniqueChat(run, user.id, "Header title");
    await page.goto(`/chat/${chatId}`);
    const header = page.getByRole("banner");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(header.getByText(title)).toHaveCount(0);
    await page.setViewportSize({ width: 900, height: 720 });
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    // From 768 px New chat is the sidebar's alone; on a phone, where the sidebar is away, the header has it.
    await expect(header.getByRole("link", { name: "New chat" })).toBeHidden();
    await page.setViewportSize({ width: 375, height: 667 });
    await header.getByRole("link", { name: "New chat" }).click();
    await expect(page).toHaveURL("/chat");
    await page.goto(`/chat/${chatId}`);
    await header.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(`/chat/${chatId}?settings=account`);
  });

  test("downloads a chat as text named after its title", async ({ page, user, run, javaScriptEnabled }) => {
    const title = `Trip: Lisbon/Porto ${randomBytes(2).toString("hex")}`;
    insertChat(run, user.id, title, {
      messages: [
        { role: "user", content: "Plan two days in Lisbon" },
        { role: "assistant", content: "Day 1: Alfama.\nDay 2: Belém." },
      ],
    });
    await page.goto("/chat");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      chatItem(page, title).getByRole("link", { name: "Download chat" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title.replace(/[:/]/g, " ").replace(/\s+/g, " ")}.txt`);
    const text = readFileSync(await download.path(), "utf8");
    expect(text).toBe("User: Plan two days in Lisbon\n\nAssistant: Day 1: Alfama.\nDay 2: Belém.\n");
    if (javaScriptEnabled) await expectToast(page, "Chat downloaded successfully");
  });

  test("archiving all chats hides them with 'Chats archived'; restoring brings them back", async ({
    page,
    user,
    run,
  }) => {
    const { title } = insertUniqueChat(run, user.id, "Archive me");
    await page.goto("/chat");
    await expect(chatLink(page, title)).toBeVisible();

    const archived = await postForm(page.request, "/chat/archive", {
      intent: "archive",
      redirectTo: "/chat",
    });
    expect(archived.status()).toBe(302);
    await page.goto(archived.headers().location!);
    await expectToast(page, "Chats archived");
    await expect(sidebar(page).getByText("No chat history")).toBeVisible();

    const restored = await postForm(page.request, "/chat/archive", {
      intent: "restore",
      redirectTo: "/chat",
    });
    await page.goto(restored.headers().location!);
    await expectToast(page, "Chats restored");
    await expect(chatLink(page, title)).toBeVisible();

    const bad = await postForm(page.request, "/chat/archive", { redirectTo: "/chat" });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toBe("Choose what to do: archive or restore.");
  });

  test("another user's chat cannot be renamed, deleted or downloaded: 404, and nothing changes", async ({
    page,
    user: _user,
    run,
    createAccount,
    db,
  }) => {
    const owner = await createAccount();
    const { title, chatId } = insertUniqueChat(run, owner.id, "Owner's secret", {
      messages: [{ role: "user", content: "my secret" }],
    });

    for (const path of [`/chat/${chatId}/rename`, `/chat/${chatId}/delete`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
    const download = await page.request.get(`/chat/${chatId}/download`);
    expect(download.status()).toBe(404);
    expect(await download.text()).not.toContain("my secret");

    const rename = await postForm(page.request, `/chat/${chatId}/rename`, { title: "Hijacked" });
    expect(rename.status()).toBe(404);
    const remove = await postForm(page.request, `/chat/${chatId}/delete`, {});
    expect(remove.status()).toBe(404);

    expect(titleInDb(run, chatId)).toBe(title);
    expect(db.count("select count(*) from chat_messages where chat_id = ?", chatId)).toBe(1);
  });

  test("the upgrade icon to /pricing is shown to demo users only", async ({
    page,
    user: _user,
    newVisitor,
  }) => {
    await page.goto("/chat");
    await expect(sidebar(page).getByRole("link", { name: "Upgrade to Professional" })).toHaveCount(0);

    const demo = await newVisitor();
    await openDemoLink(demo);
    await expect(demo).toHaveURL("/chat");
    const upgrade = sidebar(demo).getByRole("link", { name: "Upgrade to Professional" });
    await expect(upgrade).toBeVisible();
    await expect(upgrade).toHaveAttribute("href", "/pricing");
  });
});

test.describe("search", () => {
  test("filters the list as you type, case-insensitively, and says when nothing matches", async ({
    page,
    user,
    run,
  }) => {
    const tag = randomBytes(3).toString("hex");
    insertChat(run, user.id, `Trip to Lisbon ${tag}`, { hoursAgo: 3 });
    insertChat(run, user.id, `lisbon hotels ${tag}`, { hoursAgo: 2 });
    insertChat(run, user.id, `Recipes ${tag}`, { hoursAgo: 1 });
    await page.goto("/chat");
    await expect(searchBox(page)).toHaveAttribute("placeholder", "Search chats...");

    await searchBox(page).fill("LISBON");
    await expect(items(page)).toHaveText([`lisbon hotels ${tag}`, `Trip to Lisbon ${tag}`]);
    await searchBox(page).fill("no such chat");
    await expect(sidebar(page).getByText("No matching chats found")).toBeVisible();
    await expect(items(page)).toHaveCount(0);
    await searchBox(page).fill("");
    await expect(items(page)).toHaveCount(3);
    // Filtering happened in the page: no navigation.
    await expect(page).toHaveURL("/chat");
  });

  test(
    "without JavaScript, ?q= filters the list on the server, and submitting opens the search of what was said",
    { tag: ONLY_WITHOUT_JS },
    async ({ page, user, run }) => {
      const tag = randomBytes(3).toString("hex");
      insertChat(run, user.id, `Trip to Lisbon ${tag}`, { hoursAgo: 2 });
      insertChat(run, user.id, `Recipes ${tag}`, { hoursAgo: 1 });
      await page.goto("/chat?q=lisBON");
      await expect(items(page)).toHaveText([`Trip to Lisbon ${tag}`]);
      await expect(searchBox(page)).toHaveValue("lisBON");

      await searchBox(page).press("Enter");
      await expect(page).toHaveURL("/chat/search?q=lisBON");
      await expect(page.getByRole("main").getByRole("link", { name: `Trip to Lisbon ${tag}` })).toBeVisible();

      await page.goto("/chat?q=nothing+like+this");
      await expect(sidebar(page).getByText("No matching chats found")).toBeVisible();
    },
  );
});

test.describe("renaming in the sidebar", () => {
  test("Enter saves the trimmed title with 'Chat renamed'", async ({ page, user, run }) => {
    const { title: original, chatId } = insertUniqueChat(run, user.id, "Original");
    await page.goto("/chat");
    await chatItem(page, original).getByRole("link", { name: "Rename chat" }).click();
    const field = sidebar(page).getByRole("textbox", { name: "Chat title" });
    await expect(field).toHaveValue(original);
    const renamed = unique("Renamed");
    await field.fill(`   ${renamed}  `);
    await field.press("Enter");

    await expect(chatLink(page, renamed)).toBeVisible();
    await expectToast(page, "Chat renamed");
    await expect.poll(() => titleInDb(run, chatId)).toBe(renamed);
    await page.reload();
    await expect(chatLink(page, renamed)).toBeVisible();
  });

  test("leaving the field saves too", async ({ page, user, run }) => {
    const chatId = insertChat(run, user.id, unique("Before blur"));
    await page.goto("/chat");
    await items(page).first().getByRole("link", { name: "Rename chat" }).click();
    const renamed = unique("After blur");
    await sidebar(page).getByRole("textbox", { name: "Chat title" }).fill(renamed);
    await searchBox(page).click();
    await expect(chatLink(page, renamed)).toBeVisible();
    await expect.poll(() => titleInDb(run, chatId)).toBe(renamed);
  });

  test("Escape cancels and nothing changes", async ({ page, user, run }) => {
    const { title: original, chatId } = insertUniqueChat(run, user.id, "Keep me");
    await page.goto("/chat");
    const renames: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/rename")) renames.push(request.url());
    });
    await chatItem(page, original).getByRole("link", { name: "Rename chat" }).click();
    const field = sidebar(page).getByRole("textbox", { name: "Chat title" });
    await field.fill("Should not be saved");
    await field.press("Escape");

    await expect(field).toBeHidden();
    await expect(chatLink(page, original)).toBeVisible();
    expect(renames).toEqual([]);
    expect(titleInDb(run, chatId)).toBe(original);
  });

  test("a title the server refuses shows its message, and the chat keeps its title", async ({
    page,
    user,
    run,
  }) => {
    const { title: original, chatId } = insertUniqueChat(run, user.id, "Too long");
    await page.goto("/chat");
    await chatItem(page, original).getByRole("link", { name: "Rename chat" }).click();
    const field = sidebar(page).getByRole("textbox", { name: "Chat title" });
    // The field stops typing at 200 characters; a modified page can still send more, and the server says no.
    await field.evaluate((input) => input.removeAttribute("maxlength"));
    await field.fill("x".repeat(201));
    await field.press("Enter");

    await expectToast(page, "Error", "Chat title must be at most 200 characters");
    await expect(chatLink(page, original)).toBeVisible();
    expect(titleInDb(run, chatId)).toBe(original);

    // The item takes a second rename after the refused one.
    await chatItem(page, original).getByRole("link", { name: "Rename chat" }).click();
    const renamed = unique("Second try");
    await field.fill(renamed);
    await field.press("Enter");
    await expect(chatLink(page, renamed)).toBeVisible();
    await expect.poll(() => titleInDb(run, chatId)).toBe(renamed);
  });

  test("a blank title is refused with 'Error: Chat title cannot be empty'", async ({ page, user, run }) => {
    const { title: original, chatId } = insertUniqueChat(run, user.id, "Not blank");
    await page.goto("/chat");
    await chatItem(page, original).getByRole("link", { name: "Rename chat" }).click();
    const field = sidebar(page).getByRole("textbox", { name: "Chat title" });
    await field.fill("    ");
    await field.press("Enter");

    await expectToast(page, "Error", "Chat title cannot be empty");
    await expect(chatLink(page, original)).toBeVisible();
    expect(titleInDb(run, chatId)).toBe(original);
  });

  test("the title bar's Edit Chat Title saves with 'Chat title updated successfully'", async ({
    page,
    user,
    run,
  }) => {
    const { title: original, chatId } = insertUniqueChat(run, user.id, "Title bar");
    await page.goto(`/chat/${chatId}`);
    await page.getByRole("main").getByRole("link", { name: "Edit Chat Title" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Chat Title" });
    await expect(dialog.getByLabel("Chat title")).toHaveValue(original);
    const renamed = unique("From the title bar");
    await dialog.getByLabel("Chat title").fill(renamed);
    await dialog.getByRole("button", { name: "Save" }).click();

    await expectToast(page, "Chat title updated successfully");
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    await expect(chatLink(page, renamed)).toBeVisible();
    await expect.poll(() => titleInDb(run, chatId)).toBe(renamed);
  });

  test(
    "without JavaScript, Rename opens a form page that saves and comes back",
    { tag: ONLY_WITHOUT_JS },
    async ({ page, user, run }) => {
      const { title: original, chatId } = await openNewChatPage(
        page,
        run,
        user.id,
        "No-JS original",
        "rename",
      );
      const field = page.getByRole("main").getByLabel("Chat title");
      await expect(field).toHaveValue(original);

      // A blank title comes back with the reason, and nothing changes.
      await field.fill("   ");
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Save" }).click(),
      ]);
      expect(refused.status()).toBe(400);
      await expect(page.getByText("Chat title cannot be empty")).toBeVisible();
      expect(titleInDb(run, chatId)).toBe(original);

      const renamed = unique("No-JS renamed");
      await page.getByRole("main").getByLabel("Chat title").fill(`  ${renamed} `);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(`/chat/${chatId}`);
      await expectToast(page, "Chat renamed");
      await expect(chatLink(page, renamed)).toBeVisible();
      expect(titleInDb(run, chatId)).toBe(renamed);
    },
  );
});

test.describe("deleting", () => {
  test("asks first; Cancel keeps the chat, Delete removes it with 'Chat deleted'", async ({
    page,
    user,
    run,
    db,
  }) => {
    const open = unique("Open chat");
    const doomed = unique("Doomed chat");
    const openId = insertChat(run, user.id, open, { hoursAgo: 1 });
    const doomedId = insertChat(run, user.id, doomed, { messages: [{ role: "user", content: "bye" }] });
    await page.goto(`/chat/${openId}`);

    await chatItem(page, doomed).getByRole("link", { name: "Delete chat" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete chat?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(doomed);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(titleInDb(run, doomedId)).toBe(doomed);

    await chatItem(page, doomed).getByRole("link", { name: "Delete chat" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Chat deleted", "The chat has been deleted successfully.");
    await expect(chatLink(page, doomed)).toHaveCount(0);
    await expect(page).toHaveURL(`/chat/${openId}`);
    await expect(dialog).toBeHidden();
    expect(titleInDb(run, doomedId)).toBeUndefined();
    expect(db.count("select count(*) from chat_messages where chat_id = ?", doomedId)).toBe(0);
  });

  test("deleting the chat on screen lands on the empty new chat", async ({ page, user, run }) => {
    const { title, chatId } = insertUniqueChat(run, user.id, "On screen");
    await page.goto(`/chat/${chatId}`);
    await chatItem(page, title).getByRole("link", { name: "Delete chat" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL("/chat");
    await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
    await expectToast(page, "Chat deleted", "The chat has been deleted successfully.");
    expect(titleInDb(run, chatId)).toBeUndefined();
  });

  test(
    "without JavaScript, Delete opens a confirmation page",
    { tag: ONLY_WITHOUT_JS },
    async ({ page, user, run }) => {
      const { title, chatId } = await openNewChatPage(page, run, user.id, "No-JS doomed", "delete");
      expect(titleInDb(run, chatId)).toBe(title);

      await page.getByRole("main").getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL("/chat");
      await expectToast(page, "Chat deleted", "The chat has been deleted successfully.");
      await expect(chatLink(page, title)).toHaveCount(0);
      expect(titleInDb(run, chatId)).toBeUndefined();
    },
  );
});

test.describe("the sidebar's shape", { tag: ALSO_WITHOUT_JS }, () => {
  const width = async (page: Page) => (await sidebar(page).boundingBox())?.width;

  test("collapsing to icons is remembered across reloads", async ({ page, user: _user, context }) => {
    await page.goto("/chat");
    await expect.poll(() => width(page)).toBe(256);
    await sidebar(page).getByRole("link", { name: "Collapse sidebar" }).click();
    await expect.poll(() => width(page)).toBe(80);
    await expect(sidebar(page).getByRole("link", { name: "Expand sidebar" })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "sidebar")?.value).toBe("collapsed");

    await page.reload();
    await expect.poll(() => width(page)).toBe(80);
    await expect(searchBox(page)).toBeHidden();

    await sidebar(page).getByRole("link", { name: "Expand sidebar" }).click();
    await expect.poll(() => width(page)).toBe(256);
    await page.reload();
    await expect.poll(() => width(page)).toBe(256);
    await expect(searchBox(page)).toBeVisible();
  });

  test("below 768 px it is an overlay, opened from the header and closed by tapping the backdrop", async ({
    page,
    user,
    run,
  }) => {
    const { title } = insertUniqueChat(run, user.id, "Mobile chat");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/chat");
    await expect(sidebar(page)).toBeHidden();

    await page.getByRole("banner").getByRole("link", { name: "Open sidebar" }).click();
    await expect(sidebar(page)).toBeVisible();
    await expect.poll(() => width(page)).toBe(256);
    // Tap the backdrop to the right of the sidebar.
    await page.getByTestId("sidebar-backdrop").click({ position: { x: 340, y: 400 } });
    await expect(sidebar(page)).toBeHidden();

    // Picking a chat closes it too.
    await page.getByRole("banner").getByRole("link", { name: "Open sidebar" }).click();
    await chatLink(page, title).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(sidebar(page)).toBeHidden();
  });
});

test.describe("the history refresh", () => {
  test("re-reads the list every 30 s; a failure keeps the list and offers Retry", async ({
    page,
    user,
    run,
  }) => {
    // Paused from before the page starts, so the refresh's 30 s count from the page's start however long a
    // busy machine takes to load it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const { title: first } = insertUniqueChat(run, user.id, "Already there", { hoursAgo: 1 });
    const reads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/chats") reads.push(request.url());
    });
    await page.goto("/chat");
    await expect(chatLink(page, first)).toBeVisible();
    await page.waitForLoadState("networkidle");

    const { title: later } = insertUniqueChat(run, user.id, "Arrived later");
    await page.clock.runFor(29_000);
    expect(reads).toEqual([]);
    await expect(chatLink(page, later)).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(chatLink(page, later)).toBeVisible();
    expect(reads).toHaveLength(1);
    await expect(items(page)).toHaveText([later, first]);

    await page.route("**/api/chats*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "database down" }),
      }),
    );
    await page.clock.runFor(30_000);
    const failure = sidebar(page).getByRole("alert");
    await expect(failure).toContainText("Failed to load chat history: database down");
    await expectToast(page, "Error", "Failed to load chat history: database down");
    await expect(items(page)).toHaveText([later, first]);

    await page.unroute("**/api/chats*");
    await failure.getByRole("button", { name: "Retry" }).click();
    await expect(failure).toBeHidden();
    await expect(items(page)).toHaveText([later, first]);
  });
});
