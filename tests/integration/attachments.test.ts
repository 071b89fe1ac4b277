/**
 * Files attached to a message (docs/product.md §14 'Attachments'): sent in the chat's own send form as
 * multipart, checked whole before anything is stored, quoted to the model before the question, served to their
 * owner only, and deleted with their chat or account.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { withDocuments } from "#contract/attachments";
import { countContentTokens, messageTokens } from "#contract/context-window";
import { promptBudget } from "#contract/model-window";
import { attachmentTexts, failureMessage, messages } from "~/modules/texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { args, get, outcome, sessionCookieFor, BASE, type Visitor } from "../support/route-calls";
import { insertModelWithWindow, insertUser, lastQuestion } from "../support/rows";
import { parseEventStream } from "../support/sse";
import { importAfterEnv, setUpTestEnv, setUpWorker } from "../support/test-env";

const t = setUpTestEnv();
setUpWorker(2);
const routes = importAfterEnv(async () => ({
  send: await import("~/routes/api.chat-send.($chatId)"),
  file: await import("~/routes/files.$fileId"),
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

const lastUserTurn = () => {
  const body = t.mock.requests().at(-1)?.body as { messages: { role: string; content: string }[] };
  return body.messages.at(-1)!;
};

const storedFiles = (userId: string) =>
  t.db
    .selectFrom("attachments")
    .select(["id", "name", "media_type", "size", "text"])
    .where("user_id", "=", userId)
    .execute();

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
