/**
 * A chat's download, named after its title (docs/product.md §6): plain text (one 'User: …' paragraph per
 * message), Markdown, or JSON with each message's role, model, vendor and time. A question's files are named,
 * never included: the download is the conversation, the files stay with their owner.
 */
import { z } from "zod";
import type { MessageRole } from "#db/schema";
import { dispositionHeader } from "~/utils/http.server";

export const exportFormatSchema = z.enum(["txt", "md", "json"]).default("txt");
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** A shown message as an export carries it; the plain-text format uses role and content only. */
export interface ExportedMessage {
  role: MessageRole;
  content: string;
  model_id?: string | null;
  vendor?: string | null;
  created_at?: string;
  /** The names of a question's files. */
  attachments?: string[];
}

/** The line naming a message's files, or nothing when it has none. */
const attachedLine = (m: ExportedMessage) =>
  m.attachments?.length ? `\n\nAttached: ${m.attachments.join(", ")}` : "";

const ROLE_LABELS: Record<MessageRole, string> = { user: "User", assistant: "Assistant", system: "System" };

/** Longest file name stem we produce, in characters (file systems allow 255 bytes). */
const MAX_STEM = 100;

export function transcriptText(messages: ExportedMessage[]): string {
  if (messages.length === 0) return "";
  return `${messages.map((m) => `${ROLE_LABELS[m.role]}: ${m.content}${attachedLine(m)}`).join("\n\n")}\n`;
}

/** The title made safe as a file name: no path separators, reserved or control characters; 'chat' when empty. */
export function downloadFilename(title: string | null | undefined, format: ExportFormat = "txt"): string {
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
  return `${stem || "chat"}.${format}`;
}

/**
 * `attachment` with a plain-ASCII `filename` for old clients and the exact UTF-8 name in `filename*`
 * (RFC 6266), so 'Café ☕' downloads as 'Café ☕.txt' and never breaks the header.
 */
export const contentDisposition = (title: string | null | undefined, format: ExportFormat = "txt") =>
  dispositionHeader("attachment", downloadFilename(title, format), `chat.${format}`);

/** Markdown: the title as a heading, then each message under its role (and, for a reply, model and vendor). */
export function transcriptMarkdown(title: string, messages: ExportedMessage[]): string {
  const parts = messages.map((m) => {
    const source =
      m.role === "assistant" && m.model_id ? ` (${m.model_id}${m.vendor ? ` via ${m.vendor}` : ""})` : "";
    const time = m.created_at ? ` · ${m.created_at}` : "";
    return `### ${ROLE_LABELS[m.role]}${source}${time}\n\n${m.content}${attachedLine(m)}`;
  });
  return `# ${title || "Chat"}\n\n${parts.join("\n\n---\n\n")}\n`;
}

/** JSON: the title and each message with role, content, model, vendor and time. */
export function transcriptJson(title: string, messages: ExportedMessage[]): string {
  const shown = messages.map((m) => ({
    role: m.role,
    content: m.content,
    model: m.model_id ?? null,
    vendor: m.vendor ?? null,
    created_at: m.created_at ?? null,
    attachments: m.attachments ?? [],
  }));
  return `${JSON.stringify({ title, messages: shown }, null, 2)}\n`;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  json: "application/json; charset=utf-8",
};

export function downloadResponse(
  chat: { title: string; messages: ExportedMessage[] },
  format: ExportFormat = "txt",
): Response {
  const body =
    format === "md"
      ? transcriptMarkdown(chat.title, chat.messages)
      : format === "json"
        ? transcriptJson(chat.title, chat.messages)
        : transcriptText(chat.messages);
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": contentDisposition(chat.title, format),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
