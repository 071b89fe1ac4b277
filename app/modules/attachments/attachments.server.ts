/**
 * Files attached to a message (docs/product.md §14 'Attachments'): checked whole before anything is stored
 * (count, sizes, names, what the bytes are, that a document's text fits the model), stored with the message in
 * the same transaction, and served to their owner only.
 */
import type { FileUpload } from "@remix-run/form-data-parser";
import { extractText, getDocumentProxy } from "unpdf";
import { imageTokens, quotedDocuments, type PromptImage } from "#contract/attachments";
import { countContentTokens, messageTokens } from "#contract/context-window";
import { promptBudget } from "#contract/model-window";
import type { Db } from "#db/database";
import { insertWithNewId } from "#db/new-row";
import { readPlanLimits } from "#db/system-settings";
import { nowIso, type AiModel, type Plan } from "#db/schema";
import { historyCutoff } from "../billing/plan";
import { Refusal } from "../errors/refusal";
import { attachmentTexts } from "../texts/catalogue";
import type { ChatOwner } from "../chats/chats.server";
import { requireVisibleChat } from "../chats/chats.server";
import { dispositionHeader, notFound } from "~/utils/http.server";
import { decodeText, identifyFile } from "./file-kinds.server";
import { readImage, type ImageDetails } from "./images.server";

/** The limits of one message's files (README: the ATTACHMENT* settings). */
export interface AttachmentLimits {
  fileBytes: number;
  messageBytes: number;
  perMessage: number;
  /** The share of a model's prompt budget (its window less the reply's room) a message and its documents may take. */
  contextPercent: number;
  /** What each plan may keep in files, all its chats together. */
  storageBytes: Record<Plan, number>;
}

export class AttachmentRefusal extends Refusal<400 | 413> {}

/** A file checked and read, ready to be stored with its message. */
export interface PreparedAttachment {
  name: string;
  mediaType: string;
  bytes: Uint8Array;
  /** A document's text; null for an image. */
  text: string | null;
  /** An image's size and thumbnail; null for a document. */
  image: ImageDetails | null;
}

/**
 * Reads a multipart form's files into memory. One longer than `fileBytes` is not kept, so the form's other
 * fields still arrive and the form is answered with its words and the refusal; the request's own size limit
 * (server/guards.ts) bounds what is read at all.
 */
export function uploadReader(limits: AttachmentLimits) {
  let refusal: AttachmentRefusal | null = null;
  const handler = (file: FileUpload) => {
    if (file.size <= limits.fileBytes) return file;
    refusal ??= new AttachmentRefusal(attachmentTexts.fileTooLarge(file.name, limits.fileBytes), 413);
    return null;
  };
  return { handler, maxFileSize: limits.messageBytes, refusal: () => refusal };
}

/** Markup or control characters in a name are refused. */
const BAD_NAME = /[<>\p{Cc}]/u;

/** A name's last part: a browser sends none but a client may send a path, and a file never names a place on a disk. */
const withoutPath = (name: string) => name.split(/[\\/]/).at(-1)!;

async function pdfText(name: string, bytes: Uint8Array): Promise<string> {
  let text: string;
  try {
    // unpdf takes the buffer over: it gets a copy, and the stored bytes stay whole.
    text = (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text;
  } catch {
    throw new AttachmentRefusal(attachmentTexts.pdfUnreadable(name), 400);
  }
  if (!text.trim()) throw new AttachmentRefusal(attachmentTexts.pdfWithoutText(name), 400);
  return text;
}

/** One file checked and read: a document's text extracted, anything else refused with the reason. */
async function prepareOne(file: File): Promise<PreparedAttachment> {
  const name = withoutPath(file.name).normalize("NFC");
  if (!name || BAD_NAME.test(name) || name.length > 255)
    throw new AttachmentRefusal(attachmentTexts.fileNameInvalid, 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = await identifyFile(name, bytes);
  switch (kind.kind) {
    case "text":
      return { name, mediaType: kind.mediaType, bytes, text: decodeText(bytes), image: null };
    case "pdf":
      return { name, mediaType: kind.mediaType, bytes, text: await pdfText(name, bytes), image: null };
    case "image": {
      const image = await readImage(bytes);
      if (!image) throw new AttachmentRefusal(attachmentTexts.imageUnreadable(name), 400);
      return { name, mediaType: kind.mediaType, bytes: image.bytes, text: null, image: image.details };
    }
    case "unsupported":
      throw new AttachmentRefusal(attachmentTexts.fileTypeUnsupported(name), 400);
  }
}

/**
 * A message's files, checked whole before any is kept: how many, how large each and all together, their names
 * and what their bytes are. The first problem refuses them all.
 */
export async function prepareAttachments(
  files: File[],
  limits: AttachmentLimits,
): Promise<PreparedAttachment[]> {
  if (files.length > limits.perMessage)
    throw new AttachmentRefusal(attachmentTexts.tooManyFiles(limits.perMessage), 400);
  const oversize = files.find((file) => file.size > limits.fileBytes);
  if (oversize)
    throw new AttachmentRefusal(attachmentTexts.fileTooLarge(oversize.name, limits.fileBytes), 413);
  if (files.reduce((sum, file) => sum + file.size, 0) > limits.messageBytes)
    throw new AttachmentRefusal(attachmentTexts.filesTooLarge(limits.messageBytes), 413);
  const prepared: PreparedAttachment[] = [];
  for (const file of files) prepared.push(await prepareOne(file));
  return prepared;
}

/**
 * A developer-API message's images (docs/product.md §12), checked as the chat's files are, each named for its
 * place in the message (`image-1.png`…); bytes that are not an image whatever their data URL says are refused.
 */
export async function prepareImages(images: PromptImage[], limits: AttachmentLimits) {
  const files = images.map(
    ({ mediaType, base64 }, index) =>
      new File([Buffer.from(base64, "base64")], `image-${index + 1}.${mediaType.split("/")[1]}`),
  );
  const prepared = await prepareAttachments(files, limits);
  const notImage = prepared.find((file) => !file.image);
  if (notImage) throw new AttachmentRefusal(attachmentTexts.imageUnreadable(notImage.name), 400);
  return prepared;
}

/**
 * Refuses files the model cannot take with the question: an image sent to a model that cannot see, or files
 * that do not fit, with the question, in the share of its window the settings allow, so they are never cut
 * short or left out of a prompt unseen. The question comes as its count, which the send has already taken: the
 * quotation ends in a blank line, where the tokenizer splits, so the two counts add up to the whole turn's.
 */
export function assertAttachmentsFit(
  model: Pick<AiModel, "display_name" | "context_window" | "reply_reserve" | "supports_images">,
  questionTokens: number,
  attachments: (Pick<PreparedAttachment, "name" | "text"> & {
    image: Pick<ImageDetails, "width" | "height"> | null;
  })[],
  contextPercent: number,
) {
  if (attachments.length === 0) return;
  const unseen = model.supports_images ? undefined : attachments.find((file) => file.image);
  if (unseen) throw new AttachmentRefusal(attachmentTexts.imageNotSeen(unseen.name, model.display_name), 400);
  const budget = Math.floor(
    (promptBudget({ contextWindow: model.context_window, replyReserve: model.reply_reserve }, null) *
      contextPercent) /
      100,
  );
  const documents = attachments.flatMap(({ name, text }) => (text === null ? [] : [{ name, text }]));
  const images = attachments.reduce(
    (sum, { image }) => sum + (image ? imageTokens(image.width, image.height) : 0),
    0,
  );
  const tokens = messageTokens(countContentTokens(quotedDocuments(documents)) + images + questionTokens);
  if (tokens > budget)
    throw new AttachmentRefusal(
      attachmentTexts.filesTooLongForModel(model.display_name, tokens, budget),
      400,
    );
}

/**
 * What a user keeps in files, counted against the plan's allowance: the files of their chats, archived ones
 * too, but for Starter only of chats within the history window (older ones are out of reach, and the user
 * could not delete them to make room). A developer-API request's images are not counted: they go with it.
 */
export async function filesStored(db: Db, user: ChatOwner): Promise<number> {
  const cutoff = historyCutoff(user.plan, (await readPlanLimits(db)).starterHistoryHours);
  const stored = await db
    .selectFrom("attachments")
    .innerJoin("chat_history", "chat_history.id", "attachments.chat_id")
    .select((eb) => eb.fn.sum<number | string | null>("attachments.size").as("bytes"))
    .where("attachments.user_id", "=", user.id)
    .where("chat_history.source", "=", "chat")
    .$if(cutoff !== null, (within) => within.where("chat_history.updated_at", ">=", cutoff!))
    .executeTakeFirst();
  return Number(stored?.bytes ?? 0);
}

/** Refuses files that would take the user past their plan's allowance; call it in the send's transaction. */
export async function assertStorageLeft(
  db: Db,
  user: ChatOwner,
  attachments: PreparedAttachment[],
  limits: Pick<AttachmentLimits, "storageBytes">,
) {
  if (attachments.length === 0) return;
  const allowance = limits.storageBytes[user.plan];
  const used = await filesStored(db, user);
  const adding = attachments.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (used + adding > allowance)
    throw new AttachmentRefusal(attachmentTexts.storageFull(used, allowance), 413);
}

/** Stores a message's files; call it in the transaction that stores the message. */
export async function storeAttachments(
  trx: Db,
  owner: { chatId: string; userId: string; messageId: string },
  attachments: PreparedAttachment[],
) {
  for (const attachment of attachments)
    await insertWithNewId(trx, "attachments", {
      chat_id: owner.chatId,
      user_id: owner.userId,
      message_id: owner.messageId,
      name: attachment.name,
      media_type: attachment.mediaType,
      size: attachment.bytes.byteLength,
      bytes: attachment.bytes,
      text: attachment.text,
      width: attachment.image?.width ?? null,
      height: attachment.image?.height ?? null,
      thumbnail: attachment.image?.thumbnail ?? null,
      created_at: nowIso(),
    });
}

/**
 * A file its owner may open: theirs, in a chat they can see (a Starter user's files outside the history window
 * are as gone as the chat). Anything else is the same 404 as a chat that does not exist.
 */
export async function requireOwnAttachment(db: Db, user: ChatOwner, attachmentId: string) {
  return visibleToOwner(
    db,
    user,
    await ownFile(db, user, attachmentId)
      .select(["chat_id", "name", "media_type", "bytes"])
      .executeTakeFirst(),
  );
}

/** An image's thumbnail, on the same terms as the file; a document has none (404). */
export async function requireOwnThumbnail(db: Db, user: ChatOwner, attachmentId: string) {
  return visibleToOwner(
    db,
    user,
    await ownFile(db, user, attachmentId)
      .select(["chat_id", "thumbnail"])
      .where("thumbnail", "is not", null)
      .$narrowType<{ thumbnail: Uint8Array }>()
      .executeTakeFirst(),
  );
}

const ownFile = (db: Db, user: ChatOwner, attachmentId: string) =>
  db.selectFrom("attachments").where("id", "=", attachmentId).where("user_id", "=", user.id);

async function visibleToOwner<File extends { chat_id: string }>(
  db: Db,
  user: ChatOwner,
  file: File | undefined,
): Promise<File> {
  if (!file) throw notFound("File not found");
  await requireVisibleChat(db, user, file.chat_id);
  return file;
}

/** Types a browser shows as inert data; anything else is sent as bytes to save. */
const SAFE_TYPES: Record<string, string> = {
  "text/plain": "text/plain; charset=utf-8",
  "text/markdown": "text/plain; charset=utf-8",
  "text/csv": "text/csv; charset=utf-8",
  "application/json": "application/json",
  "application/pdf": "application/pdf",
};

/** Raster images (their type read from their bytes, never SVG) open in the browser: pixels cannot act. */
const VIEWED_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/** What every stored file is answered with: its type never guessed, and in a sandbox should it be opened. */
const fileHeaders = (contentType: string, bytes: Uint8Array) => ({
  "Content-Type": contentType,
  "Content-Length": String(bytes.byteLength),
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
});

/**
 * A stored file as its owner opens it: an image in the browser, anything else as a download (never rendered
 * in the site's pages), so no file can act as the site.
 */
export function attachmentResponse(file: { name: string; media_type: string; bytes: Uint8Array }): Response {
  const extension = file.name.includes(".") ? `.${file.name.split(".").pop()}` : "";
  const viewed = VIEWED_TYPES.has(file.media_type);
  // A copy: the driver may hand back a view into a buffer it shares.
  return new Response(file.bytes.slice(), {
    headers: {
      ...fileHeaders(
        viewed ? file.media_type : (SAFE_TYPES[file.media_type] ?? "application/octet-stream"),
        file.bytes,
      ),
      "Content-Disposition": dispositionHeader(
        viewed ? "inline" : "attachment",
        file.name,
        `file${extension}`,
      ),
      "Cache-Control": "private, no-store",
    },
  });
}

/** A thumbnail never changes once stored: the browser keeps it for a day instead of asking on every page. */
export const thumbnailResponse = ({ thumbnail }: { thumbnail: Uint8Array }): Response =>
  new Response(thumbnail.slice(), {
    headers: { ...fileHeaders("image/webp", thumbnail), "Cache-Control": "private, max-age=86400" },
  });
