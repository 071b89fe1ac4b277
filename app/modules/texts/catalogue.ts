/**
 * Every user-facing message, in one place: the texts live in app/locales/<locale>/messages.json, and are read
 * here in the current request's language each time they are used. Texts come word for word from the original
 * copy where it has one. Texts made from parts are functions over `translate`.
 * See docs/product.md §9.
 */
import type { Failure, VendorCheckResult } from "#contract/jobs";
import { currentLocale, localized, translate } from "../i18n/translate";
import { formatBytes, formatNumber } from "../i18n/format";
import { en } from "../i18n/resources";

/** A text of the `messages` namespace, by its key there, in the current language. */
export const messageText = (key: string, values?: Record<string, unknown>) =>
  translate(`messages:${key}`, values);
const t = messageText;

/**
 * A section of the `messages` namespace, by its key there, read in the current language each time it is used;
 * `formats` are its texts made from parts.
 */
export function messageSection<
  Key extends keyof typeof en.messages,
  Formats extends object = Record<never, never>,
>(key: Key, formats?: Formats) {
  return localized("messages", en.messages[key], formats, [key]);
}

/** The form fields a "too long" message names, translated with it. */
export type FieldName = keyof typeof en.messages.messages.fields;

export const messages = messageSection("messages", {
  tooLong: (field: FieldName, max: number) =>
    t("messages.tooLong", { field: t(`messages.fields.${field}`), max }),
  dailyLimit: (limit: number) => t("messages.dailyLimit", { limit }),
  repliesInFlight: (limit: number) => t("messages.repliesInFlight", { limit }),
  proModel: (model: string) => t("messages.proModel", { model }),
  messagesLeft: (left: number, limit: number) =>
    left > 0 ? t("messages.messagesLeft", { left, limit }) : t("messages.messagesUsed", { limit }),
});

/** docs/product.md §14 'Attachments': why files were refused; each names the file, or the limit passed. */
export const attachmentTexts = messageSection("attachmentTexts", {
  tooManyFiles: (max: number) => t("attachmentTexts.tooManyFiles", { max }),
  filesTooLarge: (maxBytes: number) =>
    t("attachmentTexts.filesTooLarge", { max: formatBytes(maxBytes, currentLocale()) }),
  fileTooLarge: (name: string, maxBytes: number) =>
    t("attachmentTexts.fileTooLarge", { name, max: formatBytes(maxBytes, currentLocale()) }),
  fileTypeUnsupported: (name: string) => t("attachmentTexts.fileTypeUnsupported", { name }),
  imageNotSeen: (name: string, model: string) => t("attachmentTexts.imageNotSeen", { name, model }),
  imageUnreadable: (name: string) => t("attachmentTexts.imageUnreadable", { name }),
  storageFull: (usedBytes: number, maxBytes: number) =>
    t("attachmentTexts.storageFull", {
      used: formatBytes(usedBytes, currentLocale()),
      max: formatBytes(maxBytes, currentLocale()),
    }),
  pdfWithoutText: (name: string) => t("attachmentTexts.pdfWithoutText", { name }),
  pdfUnreadable: (name: string) => t("attachmentTexts.pdfUnreadable", { name }),
  filesTooLongForModel: (model: string, tokens: number, max: number) =>
    t("attachmentTexts.filesTooLongForModel", {
      model,
      tokens: formatNumber(tokens, currentLocale()),
      max: formatNumber(max, currentLocale()),
    }),
});

export const toasts = messageSection("toasts", {
  startingAction: (label: string) => ({ title: t("toasts.startingAction.title", { label }) }),
  planCancelled: (until: string) => ({
    title: t("toasts.planCancelled.title"),
    description: t("toasts.planCancelled.description", { until }),
  }),
  modelChanged: (resending: boolean) => ({
    title: t("toasts.modelChanged.title"),
    description: t(resending ? "toasts.modelChanged.resending" : "toasts.modelChanged.askNew"),
  }),
});

/**
 * docs/product.md §9 'Developer API': the /v1 API's error messages, sent in OpenAI's error shape, and the API
 * keys page's texts. /v1 callers seldom send Accept-Language, so they mostly read English.
 */
export const apiTexts = messageSection("apiTexts", {
  unknownModel: (model: string) => t("apiTexts.unknownModel", { model }),
  invalidBody: (problem: string) => t("apiTexts.invalidBody", { problem }),
  rateLimited: (perMinute: number) => t("apiTexts.rateLimited", { perMinute }),
  tooManyKeys: (limit: number) => t("apiTexts.tooManyKeys", { limit }),
  unsupportedParameter: (name: string) => t("apiTexts.unsupportedParameter", { name }),
  unrecognizedParameter: (name: string) => t("apiTexts.unrecognizedParameter", { name }),
  parameterNotTaken: (name: string) => t("apiTexts.parameterNotTaken", { name }),
});

/** docs/product.md §9 'Admin': the console's texts. */
export const adminTexts = messageSection("adminTexts", {
  planSet: (plan: string) => t("adminTexts.planSet", { plan }),
  connectionOk: (ms: number) => t("adminTexts.connectionOk", { ms }),
  connectionFailed: (status: number, body: string) => t("adminTexts.connectionFailed", { status, body }),
  connectionError: (message: string) => t("adminTexts.connectionError", { message }),
  vendorActivated: (name: string) => t("adminTexts.vendorActivated", { name }),
  vendorKeySaved: (last4: string) => t("adminTexts.vendorKeySaved", { last4 }),
  modelSaved: (name: string) => t("adminTexts.modelSaved", { name }),
  modelMoved: (name: string) => t("adminTexts.modelMoved", { name }),
  roleGranted: (role: string, email: string) => t("adminTexts.roleGranted", { role, email }),
  keyRevoked: (vendor: string, email: string) => t("adminTexts.keyRevoked", { vendor, email }),
});

export const adminToasts = messageSection("adminToasts", {
  userUpdated: (what: string) => ({ title: t("adminToasts.userUpdated.title"), description: what }),
  vendorChanged: (name: string) => ({
    title: t("adminToasts.vendorChanged.title"),
    description: t("adminToasts.vendorChanged.description", { name }),
  }),
  connectionTest: (ok: boolean, description: string) => ({
    title: t(ok ? "adminToasts.connectionTest.ok" : "adminToasts.connectionTest.failed"),
    description,
  }),
});

/** docs/product.md §9 'Admin': an admin's vendor connection test, in the original copy's words. */
export function connectionTestMessage(result: VendorCheckResult): string {
  if (result.ok) return adminTexts.connectionOk(result.latencyMs);
  const { failure } = result;
  // The worker writes this detail in English (it never translates); it is recognised by the English text.
  if (failure.code === "model" && failure.detail === en.messages.adminTexts.noVendorModels)
    return adminTexts.noVendorModels;
  if (failure.code === "unsupported_vendor") return adminTexts.vendorNotFound;
  if (failure.status !== undefined) {
    return adminTexts.connectionFailed(failure.status, failure.detail ?? failureMessage(failure));
  }
  if (failure.code === "network")
    return adminTexts.connectionError(failure.detail ?? adminTexts.unknownError);
  return adminTexts.connectionError(failureMessage(failure));
}

const KEY_MISSING_VENDORS = ["modelslab", "openai", "novita"] as const;

/** The text a user sees for a worker's failure code (docs/product.md §9). */
/**
 * The vendor's own error text never reaches users (it may name internals or echo what was sent): they get the
 * code's sentence with the status; the worker logs the detail, and the admin's connection test shows it.
 * Details the worker writes itself (a vendor or model name) are shown.
 */
export function failureMessage(failure: Failure): string {
  const detail = failure.detail ?? "";
  switch (failure.code) {
    case "auth":
      return t("failures.auth", { status: failure.status ?? 401 });
    case "http":
      return t("failures.http", { status: failure.status ?? adminTexts.unknownError });
    case "key_missing": {
      // The original copy words Together's case; Novita, the other bring-your-own-key vendor, has its own.
      const vendor = KEY_MISSING_VENDORS.find((name) => name === detail) ?? "together";
      return t(`failures.keyMissing.${vendor}`);
    }
    case "unsupported_vendor":
      return t("failures.unsupported_vendor", { vendor: detail });
    case "plan":
      return messages.proModel(detail || messages.thisModel);
    case "unsupported_parameter":
      return t("failures.unsupported_parameter", { param: detail });
    case "internal":
      return messages.failedToGetResponse;
    default:
      return t(`failures.${failure.code}`);
  }
}

/** docs/product.md §7: the e-mails the app sends, in the language of the request that sends them. */
export const mailTexts = messageSection("mail", {
  passwordReset: (link: string) => ({
    subject: t("mail.passwordReset.subject"),
    text: t("mail.passwordReset.text", { link }),
  }),
  verifyEmail: (link: string) => ({
    subject: t("mail.verifyEmail.subject"),
    text: t("mail.verifyEmail.text", { link }),
  }),
});

/** docs/product.md §8 'Two-factor sign-in': refusals of a code and the toasts around the second step. */
export const twoFactorTexts = messageSection("twoFactorTexts", {
  reset: (email: string) => t("twoFactorTexts.reset", { email }),
  resetNothing: (email: string) => t("twoFactorTexts.resetNothing", { email }),
});

/** docs/product.md §7 'Single sign-on': why a sign-in through a provider was refused, and the console's answers. */
export const ssoTexts = messageSection("ssoTexts", {
  providerAdded: (name: string) => t("ssoTexts.providerAdded", { name }),
  providerRemoved: (name: string) => t("ssoTexts.providerRemoved", { name }),
});
