/**
 * Files attached to a message (docs/product.md §14 'Attachments'): sent in the chat's own send form as
 * multipart, checked whole before anything is stored, quoted to the model before the question, served to their
 * owner only, and deleted with their chat or account.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { imageTokens, withDocuments } from "#contract/attachments";
import { countContentTokens, messageTokens } from "#contract/context-window";
import { promptBudget } from "#contract/model-window";
import { attachmentTexts, failureMessage, messages } from "~/modules/texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { loadSettings } from "~/modules/settings/settings.server";
import { args, get, outcome, sessionCookieFor, BASE, type Visitor } from "../support/route-calls";
import { insertModelWithWindow, insertUser, lastQuestion } from "../support/rows";
import { parseEventStream } from "../support/sse";
import { importAfterEnv, setUpTestEnv, setUpWorker } from "../support/test-env";

const t = setUpTestEnv();
setUpWorker(2);
const routes = importAfterEnv(async () => ({
  send: await import("~/routes/api.chat-send.($chatId)"),
  file: await import("~/routes/files.$fileId"),
  thumbnail: await import("~/routes/files.$fileId.thumbnail"),
  remove: await import("~/routes/chat.$chatId_.delete"),
}));

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");
const fixture = (name: string, type = "application/pdf") =>
  new File([readFileSync(path.join(FIXTURES, name))], name, { type });
const textFile = (name: string, text: string) => new File([text], name, { type: "text/plain" });

const signedIn = async (): Promise<Visitor> =>
  sessionCookieFor(t, await insertUser(t.db, { plan: "professional" }));

/** The chat page's forms, posted as multipart with any `files`, as the browser sends them. */
function postChatForm(visitor: Visitor, fields: Record<string, string>, files: File[] = [], chatId?: string) {
  const form = new FormData();
  form.set("requestId", uuidv7());
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) form.append("files", file);
  const request = new Request(`${BASE}/api/chat-send${chatId ? `/${chatId}` : ""}`, {
    method: "POST",
    headers: { Cookie: visitor.cookie },
    body: form,
  });
  return routes.send.action({ request, params: { chatId }, context: { clientIp: "127.0.0.1" } });
}

/** The composer's form with files. */
const sendWithFiles = (
  visitor: Visitor,
  content: string,
  files: File[],
  extra: Record<string, string> = {},
) => postChatForm(visitor, { intent: "send", content, ...extra }, files);

type SentContent =
  string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];
const sentTurns = () =>
  (t.mock.requests().at(-1)?.body as { messages: { role: string; content: SentContent }[] }).messages;
const lastUserTurn = () => sentTurns().at(-1)!;

const storedFiles = (userId: string) =>
  t.db
    .selectFrom("attachments")
    .select(["id", "name", "media_type", "size", "text"])
    .where("user_id", "=", userId)
    .execute();

const lastChatOf = async (userId: string) =>
  (
    await t.db
      .selectFrom("chat_history")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow()
  ).id;

const messagesOf = (userId: string) =>
  t.db.selectFrom("chat_messages").select("id").where("user_id", "=", userId).execute();

describe("attaching documents to a message", () => {
  it("sends a text file and a PDF's text to the model as named, quoted documents before the question", async () => {
    const me = await signedIn();
    const response = await sendWithFiles(me, "What is the quarterly figure?\r\nAnd the note?", [
      textFile("note.txt", "Remember the blue door."),
      fixture("pelicans.pdf"),
    ]);
    const events = parseEventStream(await response.text());
    expect(events.at(-1)!.event).toBe("done");

    expect(lastUserTurn()).toEqual({
      role: "user",
      content:
        '<document name="note.txt">\nRemember the blue door.\n</document>\n\n' +
        '<document name="pelicans.pdf">\nThe quarterly figure is 4217 pelicans.\n</document>\n\n' +
        "What is the quarterly figure?\nAnd the note?",
    });
    expect(await storedFiles(me.userId)).toMatchObject([
      { name: "note.txt", media_type: "text/plain", size: 23 },
      { name: "pelicans.pdf", media_type: "application/pdf", text: "The quarterly figure is 4217 pelicans." },
    ]);
  });

  it("serves a file to its owner only, as a download with a safe type; anyone else gets the chat's 404", async () => {
    const me = await signedIn();
    await (await sendWithFiles(me, "Read it", [textFile("script.txt", "hi")])).text();
    const [file] = await storedFiles(me.userId);
    const mine = await routes.file.loader(args(get(`/files/${file!.id}`, me), { fileId: file!.id }));
    expect(mine.status).toBe(200);
    expect(await mine.text()).toBe("hi");
    expect(Object.fromEntries(mine.headers)).toMatchObject({
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": `attachment; filename="script.txt"; filename*=UTF-8''script.txt`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });

    const other = await signedIn();
    const theirs = await outcome(() =>
      routes.file.loader(args(get(`/files/${file!.id}`, other), { fileId: file!.id })),
    );
    const missing = await outcome(() =>
      routes.file.loader(args(get(`/files/${uuidv7()}`, other), { fileId: "x" })),
    );
    expect(theirs).toMatchObject({ status: 404 });
    expect(theirs.body).toEqual(missing.body);
  });

  it("keeps a question's files when it is edited and resent: the vendor reads them again, and both versions keep theirs", async () => {
    const me = await signedIn();
    await (
      await sendWithFiles(me, "What colour is the door?", [textFile("note.txt", "The door is blue.")])
    ).text();
    const { chat_id: chatId } = await t.db
      .selectFrom("chat_history")
      .select("id as chat_id")
      .where("user_id", "=", me.userId)
      .executeTakeFirstOrThrow();
    const original = await lastQuestion(t.db, chatId);

    const edited = await postChatForm(
      me,
      { intent: "edit", content: "Which door?", questionId: original },
      [],
      chatId,
    );
    expect(parseEventStream(await edited.text()).at(-1)!.event).toBe("done");
    expect(lastUserTurn().content).toBe(
      '<document name="note.txt">\nThe door is blue.\n</document>\n\nWhich door?',
    );

    const question = await lastQuestion(t.db, chatId);
    const files = await t.db
      .selectFrom("attachments")
      .select(["id", "message_id", "name"])
      .where("user_id", "=", me.userId)
      .orderBy("created_at")
      .execute();
    expect(files.map(({ message_id, name }) => [message_id, name])).toEqual([
      [original, "note.txt"],
      [question, "note.txt"],
    ]);
    for (const file of files) {
      const opened = await routes.file.loader(args(get(`/files/${file.id}`, me), { fileId: file.id }));
      expect(await opened.text()).toBe("The door is blue.");
    }
  });

  it("keeps only the last part of a name sent with a path: a file never names a place on a disk", async () => {
    const me = await signedIn();
    await (await sendWithFiles(me, "Path?", [textFile("../../etc/passwd.txt", "x")])).text();
    expect((await storedFiles(me.userId)).map((file) => file.name)).toEqual(["passwd.txt"]);
  });

  it("keeps a name with the characters a header's syntax uses (= and ;) as it was", async () => {
    const me = await signedIn();
    const response = await sendWithFiles(me, "Names?", [textFile("rate=5; final.txt", "x")]);
    expect(parseEventStream(await response.text()).at(-1)!.event).toBe("done");
    expect((await storedFiles(me.userId)).map((file) => file.name)).toEqual(["rate=5; final.txt"]);
  });

  it("answers a broken multipart body 400 with the catalogue's text, storing nothing", async () => {
    const me = await signedIn();
    const request = new Request(`${BASE}/api/chat-send`, {
      method: "POST",
      headers: { Cookie: me.cookie, "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="content"\r\n\r\nno end',
    });
    const answer = await outcome(() =>
      routes.send.action({ request, params: {}, context: { clientIp: "127.0.0.1" } }),
    );
    expect(answer).toMatchObject({ status: 400, body: messages.malformedForm });
    expect(await messagesOf(me.userId)).toEqual([]);
  });

  it("keeps each plan to its allowance for files, counting what the user keeps, and Settings shows it", async () => {
    const starter = await sessionCookieFor(t, await insertUser(t.db));
    await (await sendWithFiles(starter, "Read it", [textFile("a.txt", "0123456789")])).text();
    const chatId = await lastChatOf(starter.userId);
    const { starter: allowance } = webEnv().attachments.storageBytes;
    // A file stored earlier, as large as leaves 5 bytes of the allowance.
    await t.db
      .insertInto("attachments")
      .values({
        id: uuidv7(),
        chat_id: chatId,
        user_id: starter.userId,
        message_id: await lastQuestion(t.db, chatId),
        name: "big.bin",
        media_type: "text/plain",
        size: allowance - 15,
        bytes: new Uint8Array(1),
        text: "x",
        created_at: new Date().toISOString(),
      })
      .execute();
    const user = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", starter.userId)
      .executeTakeFirstOrThrow();
    expect((await loadSettings({ user } as never)).billing?.files).toEqual({
      used: allowance - 5,
      allowance,
    });

    const refused = await sendWithFiles(starter, "And this", [textFile("b.txt", "123456")]);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      error: { "": [attachmentTexts.storageFull(allowance - 5, allowance)] },
    });
    expect(await messagesOf(starter.userId)).toHaveLength(2);
    const fits = await sendWithFiles(starter, "And this", [textFile("b.txt", "12345")]);
    expect(parseEventStream(await fits.text()).at(-1)!.event).toBe("done");
  });

  it("deletes a chat's files with the chat, and an account's with the account", async () => {
    const me = await signedIn();
    await (await sendWithFiles(me, "One", [textFile("a.txt", "a")])).text();
    await (await sendWithFiles(me, "Two", [textFile("b.txt", "b")])).text();
    const chats = await t.db
      .selectFrom("chat_history")
      .select("id")
      .where("user_id", "=", me.userId)
      .execute();
    const request = new Request(`${BASE}/chat/${chats[0]!.id}/delete`, {
      method: "POST",
      headers: { Cookie: me.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    await outcome(() => routes.remove.action(args(request, { chatId: chats[0]!.id })));
    expect(await storedFiles(me.userId)).toHaveLength(1);
    await t.db.deleteFrom("users").where("id", "=", me.userId).execute();
    expect(
      await t.db.selectFrom("attachments").select("id").where("user_id", "=", me.userId).execute(),
    ).toEqual([]);
  });
});

describe("files refused before anything is stored", () => {
  const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
  const limits = () => webEnv().attachments;

  it.each([
    [
      "a file over the size limit",
      () => [textFile("big.txt", "x".repeat(limits().fileBytes + 1))],
      () => attachmentTexts.fileTooLarge("big.txt", limits().fileBytes),
      413,
    ],
    [
      "a program renamed as text",
      () => [new File([elf], "notes.txt")],
      () => attachmentTexts.fileTypeUnsupported("notes.txt"),
      400,
    ],
    [
      "a program renamed as an image",
      () => [new File([elf], "cat.png")],
      () => attachmentTexts.fileTypeUnsupported("cat.png"),
      400,
    ],
    [
      "more files than a message may carry",
      () => Array.from({ length: 100 }, (_, index) => textFile(`f${index}.txt`, "x")),
      () => attachmentTexts.tooManyFiles(limits().perMessage),
      400,
    ],
    [
      "a name with markup",
      () => [textFile("<img onerror>.txt", "x")],
      () => attachmentTexts.fileNameInvalid,
      400,
    ],
    [
      "a PDF without text",
      () => [fixture("scanned.pdf")],
      () => attachmentTexts.pdfWithoutText("scanned.pdf"),
      400,
    ],
    [
      "a PDF that is not one",
      () => [new File(["%PDF-1.4\n garbage"], "broken.pdf")],
      () => attachmentTexts.pdfUnreadable("broken.pdf"),
      400,
    ],
  ] as const)("refuses %s with the catalogue's reason", async (_, files, reason, status) => {
    const me = await signedIn();
    const before = t.mock.requests().length;
    const answer = await sendWithFiles(me, "Please read", [...files()]);
    expect(answer.status).toBe(status);
    expect(await answer.json()).toMatchObject({ error: { "": [reason()] } });
    expect(await storedFiles(me.userId)).toEqual([]);
    expect(await messagesOf(me.userId)).toEqual([]);
    expect(t.mock.requests()).toHaveLength(before);
  });

  it("refuses documents too long for the model's window, naming the model, rather than cutting them", async () => {
    const me = await signedIn();
    const model = await t.db
      .selectFrom("ai_models")
      .select(["model_id", "display_name", "context_window", "reply_reserve"])
      .orderBy("context_window")
      .executeTakeFirstOrThrow();
    const long = "pelican ".repeat(model.context_window);
    const answer = await sendWithFiles(me, "Summarise", [textFile("long.txt", long)], {
      model: model.model_id,
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: Record<string, string[]> };
    // The count shown is the whole turn's, the documents quoted before the question, as the worker sends it.
    const tokens = messageTokens(
      countContentTokens(withDocuments("Summarise", [{ name: "long.txt", text: long }])),
    );
    const window = { contextWindow: model.context_window, replyReserve: model.reply_reserve };
    const budget = Math.floor((promptBudget(window, null) * webEnv().attachments.contextPercent) / 100);
    expect(body.error[""]).toEqual([
      attachmentTexts.filesTooLongForModel(model.display_name, tokens, budget),
    ]);
    expect(await storedFiles(me.userId)).toEqual([]);
  });

  it("refuses an edit whose new words no longer fit the model with the question's documents, changing nothing", async () => {
    const me = await signedIn();
    await insertModelWithWindow(t.db, "edit-window", 1000, 100);
    const document = textFile("notes.txt", "pelican ".repeat(300));
    await (await sendWithFiles(me, "Summarise", [document], { model: "edit-window" })).text();
    const chatId = await lastChatOf(me.userId);
    const question = await lastQuestion(t.db, chatId);
    const words = Array(450).fill("bird").join(" ");
    const answer = await postChatForm(
      me,
      { intent: "edit", content: words, questionId: question },
      [],
      chatId,
    );
    expect(answer.status).toBe(400);
    const budget = Math.floor(
      (promptBudget({ contextWindow: 1000, replyReserve: 100 }, null) * webEnv().attachments.contextPercent) /
        100,
    );
    const tokens = messageTokens(
      countContentTokens(withDocuments(words, [{ name: "notes.txt", text: "pelican ".repeat(300) }])),
    );
    expect(await answer.json()).toMatchObject({
      error: { "": [attachmentTexts.filesTooLongForModel("edit-window", tokens, budget)] },
    });
    expect(await messagesOf(me.userId)).toHaveLength(2);
    expect(await storedFiles(me.userId)).toHaveLength(1);
  });

  it("refuses a question too long for the model as too long, whatever files come with it", async () => {
    const me = await signedIn();
    await insertModelWithWindow(t.db, "narrow-window", 400, 100);
    const answer = await sendWithFiles(me, "pelican ".repeat(400), [textFile("a.txt", "short")], {
      model: "narrow-window",
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { "": [failureMessage({ code: "context_length" })] },
    });
    expect(await storedFiles(me.userId)).toEqual([]);
    expect(await messagesOf(me.userId)).toEqual([]);
  });
});

describe("attaching images", () => {
  /** A model that sees images (seeded as such), and one that does not. */
  const SEES = { id: "qwen2.5-vl-72b-instruct", name: "Qwen 2.5 VL 72B Instruct" };
  const BLIND = { id: "llama-3.1-8b-instruct", name: "Llama 3.1 8B Instruct" };

  /** A PNG of `width` × `height`, or a JPEG stored sideways with an EXIF orientation that stands it up. */
  async function image(name: string, width: number, height: number, orientation?: number) {
    const canvas = sharp({ create: { width, height, channels: 3, background: "#3366cc" } });
    const bytes = orientation
      ? await canvas.jpeg().withMetadata({ orientation }).toBuffer()
      : await canvas.png().toBuffer();
    return new File([new Uint8Array(bytes)], name);
  }

  const storedImages = (userId: string) =>
    t.db
      .selectFrom("attachments")
      .select(["id", "chat_id", "name", "media_type", "width", "height", "thumbnail", "text"])
      .where("user_id", "=", userId)
      .execute();

  it("sends an image to a model that sees as an image part after the words, and serves its thumbnail", async () => {
    const me = await signedIn();
    const photo = await image("blue square.png", 800, 600);
    const events = parseEventStream(
      await (await sendWithFiles(me, "What colour is it?", [photo], { model: SEES.id })).text(),
    );
    expect(events.at(-1)!.event).toBe("done");

    const base64 = Buffer.from(await photo.arrayBuffer()).toString("base64");
    expect(lastUserTurn()).toEqual({
      role: "user",
      content: [
        { type: "text", text: "What colour is it?" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${base64}` } },
      ],
    });
    const [stored] = await storedImages(me.userId);
    expect(stored).toMatchObject({
      name: "blue square.png",
      media_type: "image/png",
      width: 800,
      height: 600,
      text: null,
    });

    const thumbnail = await routes.thumbnail.loader(
      args(get(`/files/${stored!.id}/thumbnail`, me), { fileId: stored!.id }),
    );
    expect(Object.fromEntries(thumbnail.headers)).toMatchObject({
      "content-type": "image/webp",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
    expect(await sharp(new Uint8Array(await thumbnail.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 320,
      height: 240,
    });
    const original = await routes.file.loader(args(get(`/files/${stored!.id}`, me), { fileId: stored!.id }));
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.headers.get("content-disposition")).toMatch(/^inline; /);

    const other = await signedIn();
    const theirs = await outcome(() =>
      routes.thumbnail.loader(args(get(`/files/${stored!.id}/thumbnail`, other), { fileId: stored!.id })),
    );
    expect(theirs).toMatchObject({ status: 404 });
  });

  it("keeps an image's size as it is shown, its EXIF orientation applied, and a document has no thumbnail", async () => {
    const me = await signedIn();
    const sideways = await image("portrait.jpg", 800, 600, 6);
    await (
      await sendWithFiles(me, "Which way up?", [sideways, textFile("note.txt", "hi")], { model: SEES.id })
    ).text();
    const [photo, note] = await storedImages(me.userId);
    expect(photo).toMatchObject({ media_type: "image/jpeg", width: 600, height: 800 });
    expect(await sharp(photo!.thumbnail!).metadata()).toMatchObject({ width: 240, height: 320 });
    expect(note).toMatchObject({ width: null, height: null, thumbnail: null });
    const none = await outcome(() =>
      routes.thumbnail.loader(args(get(`/files/${note!.id}/thumbnail`, me), { fileId: note!.id })),
    );
    expect(none).toMatchObject({ status: 404 });
  });

  it("keeps and sends an image without the place and camera its metadata recorded", async () => {
    const me = await signedIn();
    const canvas = sharp({ create: { width: 40, height: 30, channels: 3, background: "#884422" } });
    const photo = await canvas
      .jpeg()
      .withExif({
        IFD0: { Make: "PelicanCam", Model: "P1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 0/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 0/1",
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    await (
      await sendWithFiles(me, "Where was this?", [new File([new Uint8Array(photo)], "trip.jpg")], {
        model: SEES.id,
      })
    ).text();

    const [stored] = await t.db
      .selectFrom("attachments")
      .select(["bytes", "size"])
      .where("user_id", "=", me.userId)
      .execute();
    const kept = await sharp(stored!.bytes).metadata();
    expect(kept).toMatchObject({ format: "jpeg", width: 40, height: 30 });
    expect(kept.exif).toBeUndefined();
    expect(stored!.size).toBe(stored!.bytes.byteLength);
    const sent = lastUserTurn().content as { type: string; image_url?: { url: string } }[];
    expect(sent[1]!.image_url!.url).toBe(
      `data:image/jpeg;base64,${Buffer.from(stored!.bytes).toString("base64")}`,
    );
  });

  it("gives an edited question's new version the image with its size and thumbnail, and sends it again", async () => {
    const me = await signedIn();
    const photo = await image("b.png", 64, 48);
    await (await sendWithFiles(me, "What is this?", [photo], { model: SEES.id })).text();
    const [first] = await storedImages(me.userId);
    const original = await lastQuestion(t.db, first!.chat_id);
    const edited = await postChatForm(
      me,
      { intent: "edit", content: "And this?", questionId: original, model: SEES.id },
      [],
      first!.chat_id,
    );
    expect(parseEventStream(await edited.text()).at(-1)!.event).toBe("done");
    const base64 = Buffer.from(await photo.arrayBuffer()).toString("base64");
    expect(lastUserTurn().content).toEqual([
      { type: "text", text: "And this?" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${base64}` } },
    ]);
    const [, copy] = await storedImages(me.userId);
    expect(copy).toMatchObject({ width: 64, height: 48, thumbnail: first!.thumbnail });
  });

  it("no longer sends an earlier image once the chat goes on with a model that cannot see", async () => {
    const me = await signedIn();
    await (
      await sendWithFiles(me, "What is this?", [await image("a.png", 64, 64)], { model: SEES.id })
    ).text();
    const chatId = (await storedImages(me.userId))[0]!.chat_id;
    const answer = await postChatForm(
      me,
      { intent: "send", content: "And now?", model: BLIND.id },
      [],
      chatId,
    );
    expect(parseEventStream(await answer.text()).at(-1)!.event).toBe("done");
    expect(sentTurns().map((turn) => turn.content)).toEqual([
      expect.any(String),
      "What is this?",
      expect.any(String),
      "And now?",
    ]);
  });

  it("refuses an image for a model that cannot see, naming the model, storing nothing", async () => {
    const me = await signedIn();
    const answer = await sendWithFiles(me, "Look", [await image("cat.png", 32, 32)], { model: BLIND.id });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { "": [attachmentTexts.imageNotSeen("cat.png", BLIND.name)] },
    });
    expect(await storedFiles(me.userId)).toEqual([]);
    expect(await messagesOf(me.userId)).toEqual([]);
  });

  it("refuses a file that starts as an image but is not one", async () => {
    const me = await signedIn();
    const header = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    const answer = await sendWithFiles(me, "Look", [new File([header, "garbage"], "broken.png")], {
      model: SEES.id,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { "": [attachmentTexts.imageUnreadable("broken.png")] },
    });
    expect(await storedFiles(me.userId)).toEqual([]);
  });

  it("counts an image's tokens against the model's window, as the prompt will", async () => {
    const me = await signedIn();
    await insertModelWithWindow(t.db, "narrow-vision", 1000, 100);
    await t.db
      .updateTable("ai_models")
      .set({ supports_images: 1 })
      .where("model_id", "=", "narrow-vision")
      .execute();
    const answer = await sendWithFiles(me, "Look", [await image("big.png", 2000, 2000)], {
      model: "narrow-vision",
    });
    expect(answer.status).toBe(400);
    const budget = Math.floor(
      (promptBudget({ contextWindow: 1000, replyReserve: 100 }, null) * webEnv().attachments.contextPercent) /
        100,
    );
    expect(await answer.json()).toMatchObject({
      error: {
        "": [
          attachmentTexts.filesTooLongForModel(
            "narrow-vision",
            messageTokens(imageTokens(2000, 2000) + countContentTokens("Look")),
            budget,
          ),
        ],
      },
    });
  });
});
