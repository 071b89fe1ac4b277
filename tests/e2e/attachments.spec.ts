/**
 * Files attached to a message (docs/product.md §14 'Attachments'), with JavaScript on and off: the vendor
 * receives a text file's and a PDF's text before the question, the bubble links each file for its owner
 * only, and bad files are refused with the catalogue's reason before anything is stored.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  bubbles,
  CHAT_PATH,
  chatIdOf,
  composer,
  composerForm,
  contentOf,
  holdDataReloads,
  lastReply,
  sendButton,
  sendMessage,
  storedReply,
} from "./support/chat";
import { ALSO_WITHOUT_JS, expect, javaScriptOn, test } from "./support/fixtures";
import { mockDirective } from "./support/mock";

const PDF = readFileSync(path.resolve(import.meta.dirname, "../fixtures/pelicans.pdf"));
/** A 1 × 1 PNG. */
const PNG_PIXEL =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const fileInput = (page: Page) => composerForm(page).locator('input[type="file"][name="files"]');
const textFile = (name: string, text: string) => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.from(text),
});
/** A PNG of one colour, as a picker hands it over. */
const png = async (name: string, width: number, height: number) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background: "#2255aa" } })
    .png()
    .toBuffer(),
});
const chips = (page: Page) =>
  composerForm(page).getByRole("list", { name: "Attached files" }).getByRole("listitem");

test.describe("attachments", { tag: ALSO_WITHOUT_JS }, () => {
  test("a text file and a PDF reach the model as quoted documents, and the bubble links them for their owner only", async ({
    page,
    user: _user,
    mock,
    newVisitor,
    signUp,
  }) => {
    const marker = `files-${test.info().project.name}-${Date.now()}`;
    await page.goto("/chat");
    await fileInput(page).setInputFiles([
      textFile("note.txt", `The door is blue. ${marker}`),
      { name: "pelicans.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    if (javaScriptOn()) {
      await expect(chips(page)).toHaveText([/note\.txt.*\d+ byte/, /pelicans\.pdf.*\d+ byte/]);
      await expect(page.getByRole("button", { name: "Attach files" })).toBeVisible();
    }
    await composer(page).fill(`What colour is the door? ${mockDirective({ reply: "Blue." })}`);
    await sendButton(page).click();
    await expect(page).toHaveURL(CHAT_PATH);
    await storedReply(page);

    const [sent] = await mock.requestsMentioning(marker);
    const turns = (sent!.body as { messages: { role: string; content: string }[] }).messages;
    expect(turns.at(-1)!.content).toContain(
      `<document name="note.txt">\nThe door is blue. ${marker}\n</document>`,
    );
    expect(turns.at(-1)!.content).toContain(
      '<document name="pelicans.pdf">\nThe quarterly figure is 4217 pelicans.\n</document>',
    );

    const question = bubbles(page, "user").last();
    const links = question.getByRole("list", { name: "Attached files" }).getByRole("link");
    await expect(links).toHaveText([/note\.txt/, /pelicans\.pdf/]);
    const href = (await links.first().getAttribute("href"))!;
    const mine = await page.request.get(href);
    expect(mine.status()).toBe(200);
    expect(mine.headers()["content-disposition"]).toMatch(/^attachment; filename="note.txt"/);
    expect(mine.headers()["x-content-type-options"]).toBe("nosniff");
    expect(await mine.text()).toBe(`The door is blue. ${marker}`);

    const other = await newVisitor();
    await signUp(other);
    const theirs = await other.request.get(href, { maxRedirects: 0 });
    expect(theirs.status()).toBe(404);
  });

  test("an image reaches a model that sees it, and the question shows its thumbnail, which opens the image", async ({
    page,
    user,
    db,
    mock,
  }) => {
    db.setPlan(user.id, "professional");
    const marker = `image-${test.info().project.name}-${Date.now()}`;
    const square = await png("blue square.png", 640, 480);
    await page.goto("/chat?model=qwen2.5-vl-72b-instruct");
    await fileInput(page).setInputFiles([square]);
    if (javaScriptOn())
      await expect
        .poll(() =>
          chips(page)
            .first()
            .locator("img")
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(640);
    await composer(page).fill(
      `What is in the picture? ${marker} ${mockDirective({ reply: "A blue square." })}`,
    );
    await sendButton(page).click();
    await expect(page).toHaveURL(CHAT_PATH);
    await storedReply(page);

    const [sent] = await mock.requestsMentioning(marker);
    const turns = (sent!.body as { messages: { content: unknown }[] }).messages;
    expect(turns.at(-1)!.content).toEqual([
      { type: "text", text: expect.stringContaining(`What is in the picture? ${marker}`) },
      { type: "image_url", image_url: { url: `data:image/png;base64,${square.buffer.toString("base64")}` } },
    ]);

    const thumbnail = bubbles(page, "user").last().getByRole("img", { name: "blue square.png" });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.width)).toBe(160);
    const href = (await thumbnail.locator("xpath=ancestor::a[1]").getAttribute("href"))!;
    const original = await page.request.get(href);
    expect(original.headers()["content-type"]).toBe("image/png");
    expect(Buffer.from(await original.body()).equals(square.buffer)).toBe(true);
  });

  test("Settings shows the files kept against the plan's allowance", async ({ page, user: _user }) => {
    await page.goto("/chat");
    await fileInput(page).setInputFiles([textFile("eleven.txt", "eleven char")]);
    await composer(page).fill(`Read it ${mockDirective({ reply: "Read." })}`);
    await sendButton(page).click();
    await expect(page).toHaveURL(CHAT_PATH);
    await storedReply(page);
    await page.goto("/chat?settings=account");
    await expect(page.getByTestId("settings-files-used")).toHaveText("Files: 11 byte of 100 MB used.");
  });

  test("a question edited and resent keeps its files: the model reads them again, and the bubble links them", async ({
    page,
    user: _user,
    mock,
  }) => {
    const marker = `edited-${test.info().project.name}-${Date.now()}`;
    await page.goto("/chat");
    await fileInput(page).setInputFiles([textFile("note.txt", "The door is blue.")]);
    await composer(page).fill(`What colour is the door? ${mockDirective({ reply: "Blue." })}`);
    await sendButton(page).click();
    await expect(page).toHaveURL(CHAT_PATH);
    await storedReply(page);

    // Without JavaScript the page shows the stored reply (and its controls) at its next self-refresh.
    await page.getByRole("link", { name: "Edit message" }).click();
    await page
      .getByRole("textbox", { name: "Edit message" })
      .fill(`Which door? ${marker} ${mockDirective({ reply: "The front one." })}`);
    await page.getByRole("button", { name: "Save & resend" }).click();
    await expect(lastReply(page)).toHaveText("The front one.");

    const [sent] = await mock.requestsMentioning(marker);
    const turns = (sent!.body as { messages: { content: string }[] }).messages;
    expect(turns.at(-1)!.content).toContain(
      `<document name="note.txt">\nThe door is blue.\n</document>\n\nWhich door? ${marker}`,
    );
    await expect(bubbles(page, "user")).toHaveCount(1);
    const links = bubbles(page, "user").getByRole("list", { name: "Attached files" }).getByRole("link");
    await expect(links).toHaveText([/note\.txt/]);
    const file = await page.request.get((await links.getAttribute("href"))!);
    expect(await file.text()).toBe("The door is blue.");
  });

  test("a shared chat names the question's files, and whoever holds the link cannot open them", async ({
    page,
    user,
    db,
    newVisitor,
  }) => {
    await page.goto("/chat");
    await fileInput(page).setInputFiles([textFile("itinerary.txt", "The vault code is 4711.")]);
    await composer(page).fill(`Plan it. ${mockDirective({ reply: "Planned." })}`);
    await sendButton(page).click();
    await expect(page).toHaveURL(CHAT_PATH);
    await storedReply(page);
    await page.goto(`/chat/${chatIdOf(page)}/share`);
    await page.getByRole("button", { name: "Create share link" }).click();
    const link = await page.getByLabel("Share link").inputValue();
    expect(db.count("select count(*) from shared_chats where user_id = ?", user.id)).toBe(1);

    const visitor = await newVisitor();
    await visitor.goto(new URL(link).pathname);
    const files = visitor.getByRole("list", { name: "Attached files" });
    await expect(files).toHaveText("itinerary.txt");
    await expect(files.getByRole("link")).toHaveCount(0);
    await expect(visitor.getByText("4711")).toHaveCount(0);
  });

  const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
  for (const [what, files, reason] of [
    [
      "a program renamed as text",
      [{ name: "notes.txt", mimeType: "text/plain", buffer: elf }],
      "“notes.txt” is not a file the model can read. Attach text, Markdown, CSV, JSON, source code or PDF files, or images (PNG, JPEG, WebP, GIF).",
    ],
    [
      "an image for a model that cannot see",
      [{ name: "cat.png", mimeType: "image/png", buffer: Buffer.from(PNG_PIXEL, "base64") }],
      "“cat.png” is an image, and Dolphin Mixtral 8x22B can't see images. Choose a model marked Images, or send the question without it.",
    ],
    [
      "100 files at once",
      Array.from({ length: 100 }, (_, index) => textFile(`f${index}.txt`, "x")),
      "Attach at most 10 files to one message.",
    ],
    [
      "a file over the size limit",
      // The test server's ATTACHMENT_FILE_BYTES: 100 kB.
      [textFile("big.txt", "x".repeat(100_001))],
      "“big.txt” is too large: 100 kB at most per file.",
    ],
  ] as const) {
    test(`${what} is refused with the reason, and nothing is sent`, async ({ page, user, db }) => {
      await page.goto("/chat");
      await fileInput(page).setInputFiles([...files]);
      await composer(page).fill("Please read these");
      await sendButton(page).click();
      await expect(composerForm(page).getByText(reason, { exact: true })).toBeVisible();
      expect(db.count("select count(*) from chat_messages where user_id = ?", user.id)).toBe(0);
      await expect(bubbles(page, "user")).toHaveCount(0);
    });
  }
});

test.describe("attaching with JavaScript", () => {
  test("the question just sent names its files before the chat's data reloads", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/chat");
    await sendMessage(page, `Warm up ${mockDirective({ reply: "Ready." })}`);
    await storedReply(page);

    const reloads = await holdDataReloads(page);
    await fileInput(page).setInputFiles([textFile("later.txt", "Read me.")]);
    await composer(page).fill(`With a file ${mockDirective({ reply: "Read." })}`);
    await sendButton(page).click();
    const question = bubbles(page, "user").last();
    await expect(contentOf(question)).toContainText("With a file");
    const files = question.getByRole("list", { name: "Attached files" });
    // Named and sized as the chips were; not yet a link, as the server has not said where the file is.
    await expect(files.getByRole("listitem")).toHaveText([/later\.txt.*8 byte/]);
    await expect(files.getByRole("link")).toHaveCount(0);

    reloads.release();
    await expect(files.getByRole("link")).toHaveText([/later\.txt/]);
  });

  test("files dropped on the chat or pasted join the chips; a removed one is not sent", async ({
    page,
    user: _user,
    mock,
  }) => {
    const marker = `dropped-${Date.now()}`;
    await page.goto("/chat");
    const files = (names: string[]) =>
      page.evaluateHandle((list) => {
        const transfer = new DataTransfer();
        for (const name of list)
          transfer.items.add(new File([`${name} words`], name, { type: "text/plain" }));
        return transfer;
      }, names);
    await page
      .locator("main")
      .dispatchEvent("drop", { dataTransfer: await files(["dropped.txt", "unwanted.txt"]) });
    await composer(page).evaluate(
      (box, transfer) => {
        box.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      },
      await files(["pasted.txt"]),
    );
    await expect(chips(page)).toHaveText([/dropped\.txt/, /unwanted\.txt/, /pasted\.txt/]);
    await chips(page).nth(1).getByRole("button", { name: "Remove unwanted.txt" }).click();
    await expect(chips(page)).toHaveText([/dropped\.txt/, /pasted\.txt/]);

    await composer(page).fill(`Two files ${marker}`);
    await sendButton(page).click();
    await storedReply(page);
    await expect(
      bubbles(page, "user").last().getByRole("list", { name: "Attached files" }).getByRole("link"),
    ).toHaveText([/dropped\.txt/, /pasted\.txt/]);
    const [sent] = await mock.requestsMentioning(marker);
    const question = (sent!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(question).toContain("dropped.txt words");
    expect(question).toContain("pasted.txt words");
    expect(question).not.toContain("unwanted.txt");
  });
});
