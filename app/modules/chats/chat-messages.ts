/**
 * What the chat list, the chat header and the chat actions (rename, delete, download, archive) say. Word for
 * word from the original copy where it has a text; the few it lacks are marked "ours".
 * Shared by the server (validation, flash toasts) and the browser.
 * See docs/product.md §9.
 */
import { messages, toasts } from "../errors/catalogue";

/** The version label (docs/product.md §2). */
export const APP_VERSION = "1.0.0";

/** The longest chat title a user may set (ours). */
export const MAX_TITLE_LENGTH = 200;

/** The sidebar reloads the history every 30 s (docs/product.md §6). */
export const HISTORY_REFRESH_MS = 30_000;

export const chatTexts = {
  newChat: "New chat",
  searchPlaceholder: "Search chats...",
  searchLabel: "Search chats", // ours
  search: "Search", // ours
  noMatches: "No matching chats found",
  noHistory: "No chat history",
  historyFailed: (message: string) => `Failed to load chat history: ${message}`,
  retry: "Retry",
  historyUnavailable: "the server could not read your chats. Please try again.", // ours
  historyOffline: "the server could not be reached. Check your connection and try again.", // ours
  settings: "Settings",
  signOut: "Sign Out",
  version: `Version ${APP_VERSION}`,
  upgrade: messages.upgradeLink,
  collapse: "Collapse sidebar", // ours
  expand: "Expand sidebar", // ours
  openSidebar: "Open sidebar", // ours
  closeSidebar: "Close sidebar", // ours
  recentChats: "Recent chats", // ours
  chatActions: "Chat actions", // ours
  rename: "Rename chat", // ours
  delete: "Delete chat", // ours
  download: "Download chat", // ours
  downloadFormats: { txt: "Plain text (.txt)", md: "Markdown (.md)", json: "JSON (.json)" }, // ours
  unknownFormat: "Unknown format: use txt, md or json.", // ours
  share: "Share chat", // ours
  shareHeading: "Share this chat", // ours
  shareExplanation:
    "Anyone with the link can read a copy of this chat as it is now (later messages are not added). They do not see your name or your other chats. Revoke the link to stop it at once.", // ours
  shareCreate: "Create share link", // ours
  shareLink: "Share link", // ours
  shareRevoke: "Revoke", // ours
  shareNone: "No share links.", // ours
  sharedLinksTitle: "Shared links", // ours
  sharedLinksBody: "Read-only links to copies of your chats.", // ours
  sharedNotice: "A read-only copy of a Rogue AI chat, shared by its owner.", // ours
  continueChat: "Continue this chat", // ours
  continueHint: "Copies this conversation into your own account, where you can go on with it.", // ours
  backToChat: "Back to the chat", // ours
  editTitle: "Edit Chat Title",
  titleLabel: "Chat title", // ours
  save: "Save",
  cancel: "Cancel",
  renameHeading: "Rename chat", // ours
  deleteHeading: "Delete chat?", // ours
  deleteConfirm: "Delete", // ours
  deleteExplanation: (title: string) =>
    `“${title}” and all of its messages will be deleted. This cannot be undone.`, // ours
  titleRequired: "Chat title cannot be empty",
  titleTooLong: `Chat title must be at most ${MAX_TITLE_LENGTH} characters`, // ours
  intentRequired: "Choose what to do: archive or restore.", // ours
  signInRequired: toasts.authRequired.title,
  untitled: "Untitled chat", // ours: shown for a chat whose stored title is empty
} as const;

/** Toasts (title / description), docs/product.md §9. */
export const chatToasts = {
  renamed: { title: "Chat renamed" },
  titleUpdated: { title: "Chat title updated successfully" },
  titleEmpty: { title: "Error", description: chatTexts.titleRequired },
  deleted: { title: "Chat deleted", description: "The chat has been deleted successfully." },
  downloaded: { title: "Chat downloaded successfully" },
  shareCreated: { title: "Share link created" }, // ours
  shareRevoked: { title: "Share link revoked" }, // ours
  continued: { title: "Chat copied", description: "The shared chat is now one of your chats." }, // ours
  archived: { title: "Chats archived" },
  restored: { title: "Chats restored" }, // ours
  renameFailed: { title: "Error", description: "Failed to rename chat in database" },
  titleUpdateFailed: { title: "Error", description: "Failed to update chat title in database" },
  deleteFailed: { title: "Error", description: "Failed to delete chat from database" },
  archiveFailed: { title: "Error", description: "Failed to archive chats" }, // ours
  restoreFailed: { title: "Error", description: "Failed to restore chats" }, // ours
  historyFailed: (message: string) => ({ title: "Error", description: chatTexts.historyFailed(message) }),
} as const;
