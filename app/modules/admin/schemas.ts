/** The admin console's form fields, shared by the browser (instant feedback) and the server (the real check). */
import { z } from "zod";
import { OPENAI_FORMAT_VENDORS } from "#contract/jobs";
import { adminTexts, messages } from "../texts/catalogue";
import { AUDIT_ACTIONS } from "./audit-actions";
import { perLocale } from "../i18n/translate";
import { requiredText } from "~/utils/form-fields";

export const USER_FLAG_INTENTS = [
  "grant-admin",
  "revoke-admin",
  "ban",
  "unban",
  "restrict",
  "unrestrict",
] as const;
export type UserFlagIntent = (typeof USER_FLAG_INTENTS)[number];

/**
 * The flag changes that take a user's access away or give them the console: the buttons ask first (a dialog
 * with JavaScript, the user's page with ?confirm= without), so one stray click does not ban anyone.
 */
export const CONFIRMED_INTENTS = ["grant-admin", "ban", "restrict"] as const;
export type ConfirmedIntent = (typeof CONFIRMED_INTENTS)[number];
export const isConfirmedIntent = (intent: string): intent is ConfirmedIntent =>
  (CONFIRMED_INTENTS as readonly string[]).includes(intent);

const redirectTo = z.string().max(2048).optional();

export const userActionSchema = perLocale(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.enum(USER_FLAG_INTENTS), redirectTo }),
    z.object({ intent: z.literal("plan"), plan: z.enum(["starter", "professional"]), redirectTo }),
    z.object({ intent: z.literal("reset-two-factor"), redirectTo }),
    z.object({
      intent: z.literal("delete"),
      confirm: z.string({ required_error: adminTexts.confirmDelete }).trim().min(1, adminTexts.confirmDelete),
    }),
  ]),
);
export type UserAction = z.infer<ReturnType<typeof userActionSchema>>;

/** An empty select or field in a GET form means "not given". */
const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);

/** The user list's query string: a search, a role filter and a keyset cursor. Bad values answer 400. */
export const userListQuerySchema = perLocale(() =>
  z.object({
    q: z.string().trim().max(200, messages.searchTooLong).default(""),
    role: z.preprocess(blankAsMissing, z.enum(["admin", "banned", "restricted"]).optional()),
    after: z
      .string()
      .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~[0-9a-f-]{36}$/)
      .optional(),
  }),
);
export type UserListQuery = z.infer<ReturnType<typeof userListQuerySchema>>;

/** A whole number from `min` to `max`; anything else (blank, a fraction, text) is refused with `message`. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: message, required_error: message })
    .int(message)
    .min(min, message)
    .max(max, message);

const vendorId = z.coerce.number().int().positive().max(2_147_483_647);

/** A vendor's own id for a model, as its API names it ("" where a form leaves it blank). */
const vendorModelId = () =>
  z
    .string({ required_error: adminTexts.vendorModelInvalid })
    .trim()
    .max(200, adminTexts.vendorModelInvalid)
    .regex(/^\S*$/, adminTexts.vendorModelInvalid);

export const vendorActionSchema = perLocale(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("activate"), vendorId }),
    z.object({ intent: z.literal("test"), vendorId }),
    z.object({
      intent: z.literal("edit"),
      vendorId,
      displayName: requiredText(adminTexts.displayNameRequired, 100),
      endpointUrl: z
        .string({ required_error: adminTexts.urlProblems.format })
        .trim()
        .max(2048, adminTexts.urlProblems.format)
        .url(adminTexts.urlProblems.format),
      priority: wholeNumber(adminTexts.priorityInvalid, 0, 1000),
    }),
    z.object({
      intent: z.literal("key"),
      vendorId,
      apiKey: requiredText(adminTexts.keyRequired, 512),
    }),
    z.object({
      intent: z.literal("add-model"),
      vendorId,
      vendorModelId: vendorModelId().min(1, adminTexts.vendorModelInvalid),
    }),
  ]),
);
export type VendorAction = z.infer<ReturnType<typeof vendorActionSchema>>;

/** The vendors screen's query: `?models=<vendor>` lists the models that vendor's endpoint reports. */
export const vendorScreenQuerySchema = z.object({
  models: z.preprocess(blankAsMissing, z.enum(OPENAI_FORMAT_VENDORS).optional()),
});

/** The activity screen's filters and cursor; bad values answer 400. */
export const auditQuerySchema = z.object({
  action: z.preprocess(blankAsMissing, z.enum(AUDIT_ACTIONS).optional()),
  target: z.preprocess(blankAsMissing, z.string().trim().max(200).optional()),
  before: z.preprocess(blankAsMissing, z.coerce.number().int().positive().optional()),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** A checkbox: "on" when ticked, absent when not. */
const checkbox = z.boolean().default(false);

const modelFields = () => ({
  displayName: requiredText(adminTexts.modelNameRequired, 100),
  iconText: requiredText(adminTexts.iconInvalid, 4),
  sizeLabel: z.string().trim().max(20, adminTexts.sizeInvalid).default(""),
  /** One item per line, as the model picker lists them. */
  description: z
    .string()
    .max(700, adminTexts.descriptionInvalid)
    .default("")
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine(
      (lines) => lines.length <= 6 && lines.every((line) => line.length <= 100),
      adminTexts.descriptionInvalid,
    ),
  /** Tokens (docs/product.md §2 'Context windows'); the reply's reserve must leave room for a prompt. */
  contextWindow: wholeNumber(adminTexts.contextWindowInvalid, 1_024, 10_000_000),
  replyReserve: wholeNumber(adminTexts.replyReserveInvalid, 1, 10_000_000),
  isNew: checkbox,
  isPro: checkbox,
  isBeta: checkbox,
  isDefault: checkbox,
  supportsImages: checkbox,
  /** Per vendor, the vendor's own id for this model; empty: that vendor does not serve it. */
  vendorModels: z
    .array(
      z.object({
        vendorId,
        vendorModelId: vendorModelId().default(""),
      }),
    )
    .max(50)
    .default([]),
});

const modelId = () =>
  z
    .string({ required_error: adminTexts.modelIdInvalid })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, adminTexts.modelIdInvalid);

export const modelActionSchema = perLocale(() =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("add"), modelId: modelId(), ...modelFields() }),
    z.object({ intent: z.literal("edit"), modelId: modelId(), ...modelFields() }),
    z.object({ intent: z.literal("move"), modelId: modelId(), direction: z.enum(["up", "down"]) }),
  ]),
);
export type ModelAction = z.infer<ReturnType<typeof modelActionSchema>>;
export type ModelFields = Extract<ModelAction, { intent: "add" | "edit" }>;

/** The Settings screen: what the chat runs with (db/system-settings.ts). */
export const settingsSchema = perLocale(() =>
  z.object({
    activeVendorId: wholeNumber(adminTexts.chooseVendor, 1, 2_147_483_647),
    defaultModel: requiredText(adminTexts.chooseModel, 100),
    defaultSystemPrompt: requiredText(adminTexts.promptRequired, 4000, adminTexts.promptTooLong),
    starterDailyReplies: wholeNumber(adminTexts.repliesInvalid, 0, 10_000),
    starterHistoryHours: wholeNumber(adminTexts.historyInvalid, 1, 8760),
    // A checkbox: sent ("on") when ticked, absent when not.
    requireAdminTwoFactor: z.boolean().default(false),
  }),
);
export type SettingsForm = z.infer<ReturnType<typeof settingsSchema>>;

/** The Roles screen's grant form: a role for the user with this e-mail. */
export const roleGrantSchema = perLocale(() =>
  z.object({
    email: z
      .string({ required_error: adminTexts.emailInvalid })
      .trim()
      .toLowerCase()
      .email(adminTexts.emailInvalid)
      .max(254, adminTexts.emailInvalid),
    role: z.enum(["admin", "banned", "restricted"]),
  }),
);
export type RoleGrant = z.infer<ReturnType<typeof roleGrantSchema>>;

/** The API keys screen: revoke one user's stored key for one vendor. */
export const keyRevokeSchema = z.object({
  intent: z.literal("revoke"),
  userId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  vendor: z.string().regex(/^[a-z0-9_-]{1,50}$/),
});

/** The stored-keys list's filter: one vendor or all. */
export const keyListQuerySchema = z.object({
  vendor: z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(/^[a-z0-9_-]{1,50}$/)
      .optional(),
  ),
});

export const ANALYTICS_RANGES = ["day", "week", "month", "year"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** The analytics screens' range; docs/product.md: week unless chosen. */
export const rangeQuerySchema = z.object({
  range: z.preprocess(blankAsMissing, z.enum(ANALYTICS_RANGES).default("week")),
});
