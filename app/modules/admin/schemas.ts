/** The admin console's form fields, shared by the browser (instant feedback) and the server (the real check). */
import { z } from "zod";
import { adminTexts } from "../errors/catalogue";
import { AUDIT_ACTIONS } from "./audit-actions";

export const USER_FLAG_INTENTS = [
  "grant-admin",
  "revoke-admin",
  "ban",
  "unban",
  "restrict",
  "unrestrict",
] as const;
export type UserFlagIntent = (typeof USER_FLAG_INTENTS)[number];

const redirectTo = z.string().max(2048).optional();

export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(USER_FLAG_INTENTS), redirectTo }),
  z.object({ intent: z.literal("plan"), plan: z.enum(["starter", "professional"]), redirectTo }),
  z.object({
    intent: z.literal("delete"),
    confirm: z.string({ required_error: adminTexts.confirmDelete }).trim().min(1, adminTexts.confirmDelete),
  }),
]);
export type UserAction = z.infer<typeof userActionSchema>;

/** An empty select or field in a GET form means "not given". */
const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);

/** The user list's query string: a search, a role filter and a keyset cursor. Bad values answer 400. */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(200, adminTexts.searchTooLong).default(""),
  role: z.preprocess(blankAsMissing, z.enum(["admin", "banned", "restricted"]).optional()),
  after: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~[0-9a-f-]{36}$/)
    .optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const vendorId = z.coerce.number().int().positive().max(2_147_483_647);

export const vendorActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("activate"), vendorId }),
  z.object({ intent: z.literal("test"), vendorId }),
  z.object({
    intent: z.literal("edit"),
    vendorId,
    displayName: z
      .string({ required_error: adminTexts.displayNameRequired })
      .trim()
      .min(1, adminTexts.displayNameRequired)
      .max(100, adminTexts.displayNameRequired),
    endpointUrl: z
      .string({ required_error: adminTexts.urlProblems.format })
      .trim()
      .max(2048, adminTexts.urlProblems.format)
      .url(adminTexts.urlProblems.format),
    priority: z.coerce
      .number({ invalid_type_error: adminTexts.priorityInvalid, required_error: adminTexts.priorityInvalid })
      .int(adminTexts.priorityInvalid)
      .min(0, adminTexts.priorityInvalid)
      .max(1000, adminTexts.priorityInvalid),
  }),
  z.object({
    intent: z.literal("key"),
    vendorId,
    apiKey: z
      .string({ required_error: adminTexts.keyRequired })
      .trim()
      .min(1, adminTexts.keyRequired)
      .max(512, adminTexts.keyRequired),
  }),
]);
export type VendorAction = z.infer<typeof vendorActionSchema>;

/** The activity screen's filters and cursor; bad values answer 400. */
export const auditQuerySchema = z.object({
  action: z.preprocess(blankAsMissing, z.enum(AUDIT_ACTIONS).optional()),
  target: z.preprocess(blankAsMissing, z.string().trim().max(200).optional()),
  before: z.preprocess(blankAsMissing, z.coerce.number().int().positive().optional()),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
