/**
 * What a file is, read from its bytes (docs/product.md §14 'Attachments'): its name only picks the flavour of a
 * text (Markdown, CSV, JSON), never whether it is text. A program renamed `notes.txt` is still a program.
 */
import { fileTypeFromBuffer } from "file-type";

export type FileKind =
  | { kind: "text"; mediaType: string }
  | { kind: "pdf"; mediaType: "application/pdf" }
  | { kind: "image"; mediaType: string }
  | { kind: "unsupported" };

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/** Texts whose name says more than "plain text"; any other valid UTF-8 file (source code, logs) is text/plain. */
const TEXT_FLAVOURS: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  csv: "text/csv",
  json: "application/json",
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Valid UTF-8 with no NUL: what no text editor writes is not text, whatever its name. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export async function identifyFile(name: string, bytes: Uint8Array): Promise<FileKind> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.mime === "application/pdf") return { kind: "pdf", mediaType: "application/pdf" };
  if (sniffed && IMAGE_TYPES.has(sniffed.mime)) return { kind: "image", mediaType: sniffed.mime };
  if (sniffed || !isText(bytes)) return { kind: "unsupported" };
  const extension = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  return { kind: "text", mediaType: TEXT_FLAVOURS[extension] ?? "text/plain" };
}

/** The bytes as text, once identifyFile has said they are UTF-8 (a leading byte-order mark dropped). */
export const decodeText = (bytes: Uint8Array) => utf8.decode(bytes);
