/**
 * The settings screens' words. Texts come word for word from the original copy where it has one;
 * the few it lacks are marked "ours".
 * See docs/product.md §9.
 */
import { failureMessage } from "../errors/catalogue";

export const settingsToasts = {
  darkModeEnabled: { title: "Dark mode enabled" },
  lightModeEnabled: { title: "Light mode enabled" },
  notificationsEnabled: { title: "Notifications enabled" },
  notificationsDisabled: { title: "Notifications disabled" },
  languageUpdated: { title: "Language updated" },
} as const;

export const settingsText = {
  title: "Settings",
  description: "Manage your account and preferences.", // ours
  tabs: { account: "Account", preferences: "Preferences", about: "About" },
  guestName: "Guest User",
  guestEmail: "Not signed in",
  plans: { starter: "Free Plan", demo: "Demo Account", professional: "Professional" },
  apiKeys: "API Keys",
  changeKey: "Change Key",
  setKey: "Set API Key",
  keyProvided: (vendor: string) => `${vendor} key provided by Rogue AI — you don't need your own.`, // ours
  keyRequired: (vendor: string) => `${vendor} needs your own API key to reply.`, // ours
  keyStored: (vendor: string, last4: string) => `Your ${vendor} key ••••${last4} is stored, encrypted.`, // ours
  noActiveVendor: failureMessage({ code: "no_active_vendor" }),
  developerApi: "Developer API", // ours
  developerApiBody: "OpenAI-compatible API keys for your own programs.", // ours
  developerApiProOnly: "Part of the Professional plan.", // ours
  manageApiKeys: "API keys", // ours
  upgradeTitle: "Unlock Professional Features",
  upgradeBody: "Unlimited messages, every model, unlimited history and priority support.", // ours
  upgradeNow: "Upgrade Now",
  planTitle: "Plan", // ours
  planRenews: (date: string) => `Professional — renews on ${date}.`, // ours
  planEnds: (date: string) => `Professional until ${date}; cancelled, it will not renew.`, // ours
  planNoEnd: "Professional — no end date.", // ours
  planStarter: "Starter — 3 messages a day, 2 models, 24 hours of history.", // ours
  cancelPlan: "Cancel plan", // ours
  orders: "Orders", // ours
  signOut: "Sign Out",
  signIn: "Sign In",
  darkMode: "Dark mode",
  notifications: "Notifications",
  language: "Language",
  archiveAll: "Archive all chats",
  archiveButton: "Archive All", // ours
  archiveHint: "Archived chats leave your chat list; they are kept and can be restored.", // ours
  archiving: "Archiving...",
  restoreButton: "Restore archived", // ours
  restoring: "Restoring...", // ours
  messageSound: "Chat Message Sound",
  messageSoundNote: "Always on; this cannot be changed yet.", // ours
  save: "Save", // ours
  version: "Version 1.0.0",
  about:
    "Rogue AI is a private chat with many AI models: switch models mid-conversation, keep your history, and bring your own key if you like.", // ours
  close: "Close", // ours
} as const;

/** Bad input to /settings (ours: the original copy has no texts for these). */
export const settingsErrors = {
  badIntent: "Unknown settings action.",
  badTheme: "Theme must be dark or light.",
  badNotifications: "Notifications must be on or off.",
  badLanguage: "Choose one of the listed languages.",
} as const;

export const voicePlaybackText = {
  proOnly: "Voice playback is a Pro feature — upgrade to use it",
  play: "Read aloud", // ours
  stop: "Stop reading", // ours
} as const;
