/** The chat actions' fields, shared by the browser (instant feedback) and the server (the real check). */
import { z } from "zod";
import { messages } from "../texts/catalogue";
import { chatTexts, MAX_TITLE_LENGTH } from "./chat-messages";
import { perLocale } from "../i18n/translate";

/** Titles are trimmed; empty or blank is rejected (docs/product.md §6). */
export const chatTitle = perLocale(() =>
  z
    .string({ required_error: chatTexts.titleRequired, invalid_type_error: chatTexts.titleRequired })
    .trim()
    .min(1, chatTexts.titleRequired)
    .max(MAX_TITLE_LENGTH, chatTexts.titleTooLong),
);

const redirectTo = z.string().max(2048).optional();

/**
 * Where the rename came from decides its toasts: the sidebar says 'Chat renamed', the title bar's Edit Chat
 * Title dialog 'Chat title updated successfully'. `inline` is set by the JavaScript forms, which stay on the
 * page and get data back instead of a redirect.
 */
export const renameChatSchema = perLocale(() =>
  z.object({
    title: chatTitle(),
    source: z.enum(["sidebar", "title-bar"]).default("sidebar"),
    inline: z.literal("1").optional(),
    redirectTo,
  }),
);

export const deleteChatSchema = z.object({ redirectTo });

export const archiveChatsSchema = perLocale(() =>
  z.object({
    intent: z.enum(["archive", "restore"], {
      required_error: chatTexts.intentRequired,
      invalid_type_error: chatTexts.intentRequired,
      message: chatTexts.intentRequired,
    }),
    redirectTo,
  }),
);

/** One chat in the sidebar's list. */
export const chatListItemSchema = z.object({ id: z.string(), title: z.string(), updated_at: z.string() });
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/** What GET /api/chats answers: the sidebar's list, or why it could not be read. */
export const chatListResponseSchema = z.union([
  z.object({ chats: z.array(chatListItemSchema) }),
  z.object({ error: z.string() }),
]);
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** The share forms (docs/product.md §6): make or revoke a link on the chat's share page or in Settings. */
export const shareFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("revoke"), shareId: z.string().min(1).max(100) }),
]);

/** The longest search a user may type (ours). */
export const MAX_SEARCH_LENGTH = 200;

/** The search page's query string: `q`, trimmed, not blank, at most MAX_SEARCH_LENGTH characters. */
export const searchQuerySchema = perLocale(() =>
  z.object({
    q: z
      .string({ required_error: chatTexts.searchRequired })
      .trim()
      .min(1, chatTexts.searchRequired)
      .max(MAX_SEARCH_LENGTH, messages.searchTooLong),
  }),
);
