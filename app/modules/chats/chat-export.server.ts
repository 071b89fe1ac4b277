/** A chat's download: a text file named after its title, one paragraph per message (docs/product.md §6). */
import type { MessageRole } from "#db/schema";

const ROLE_LABELS: Record<MessageRole, string> = { user: "User", assistant: "Assistant", system: "System" };

/** Longest file name stem we produce, in characters (file systems allow 255 bytes). */
const MAX_STEM = 100;

export function transcriptText(messages: { role: MessageRole; content: string }[]): string {
  if (messages.length === 0) return "";
  return `${messages.map((m) => `${ROLE_LABELS[m.role]}: ${m.content}`).join("\n\n")}\n`;
}

/** The title made safe as a file name: no path separators, reserved or control characters; 'chat' when empty. */
export function downloadFilename(title: string | null | undefined): string {
  const stem = Array.from(
    (title ?? "")
      .normalize("NFC")
      .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^[.\s]+|[.\s]+$/g, ""),
  )
    .slice(0, MAX_STEM)
    .join("")
    .trim();
  return `${stem || "chat"}.txt`;
}

/** RFC 5987 percent-encoding for the `filename*` parameter. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with a plain-ASCII `filename` for old clients and the exact UTF-8 name in `filename*`
 * (RFC 6266), so 'Café ☕' downloads as 'Café ☕.txt' and never breaks the header.
 */
export function contentDisposition(title: string | null | undefined): string {
  const filename = downloadFilename(title);
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const fallback = /^[_\s]*\.txt$/.test(ascii) ? "chat.txt" : ascii;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

export function downloadResponse(chat: {
  title: string;
  messages: { role: MessageRole; content: string }[];
}): Response {
  return new Response(transcriptText(chat.messages), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": contentDisposition(chat.title),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
