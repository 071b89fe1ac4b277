/**
 * What the Models, Settings, Roles, API keys and Analytics screens load and how their posts are answered, so
 * each route stays parse → one call → respond.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import type { SessionUser } from "~/modules/auth/session.server";
import { adminTexts, adminToasts } from "~/modules/texts/catalogue";
import { serverContext } from "~/modules/server-context.server";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import { usageAnalytics } from "~/modules/admin/analytics.server";
import { answerAdminForm, plainText, type AdminFormOptions } from "./answer-form.server";
import { listCatalogue, applyModelAction } from "~/modules/admin/models-admin.server";
import {
  grantRoleByEmail,
  listRoleAssignments,
  loadApiKeys,
  revokeUserKey,
} from "~/modules/admin/roles-keys.server";
import {
  keyListQuerySchema,
  keyRevokeSchema,
  modelActionSchema,
  rangeQuerySchema,
  roleGrantSchema,
  settingsSchema,
} from "~/modules/admin/schemas";
import { loadSettings, saveSettings } from "~/modules/admin/settings-admin.server";
import { userActionFailureToast, type ActionContext } from "~/modules/admin/users.server";

const actionContext = (ip: string): ActionContext => {
  const { db, redis } = serverContext();
  return { db, redis, ip };
};

/**
 * A screen's form post: `change` runs as the admin, from the client's IP (for the audit log), and what it
 * answers is the success toast's description.
 */
const answerChange =
  <Schema extends z.ZodTypeAny>({
    change,
    schema,
    ...options
  }: Omit<AdminFormOptions<Schema>, "request" | "context" | "apply" | "schema"> & {
    /** Built per language (its messages are texts of the request's language). */
    schema: () => Schema;
    change: (ctx: ActionContext, admin: SessionUser, value: z.output<Schema>) => Promise<string>;
  }) =>
  (request: Request, admin: SessionUser, context: AppLoadContext) =>
    answerAdminForm({
      ...options,
      schema: schema(),
      request,
      context,
      apply: async (value) => ({
        type: "success" as const,
        ...adminToasts.saved,
        description: await change(actionContext(context.clientIp), admin, value),
      }),
    });

/** A query string that fails its schema answers 400 (a tampered link), never 500. */
export function parseQuery<Schema extends z.ZodTypeAny>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (!parsed.success) throw plainText(adminTexts.badQuery, 400);
  return parsed.data;
}

export const loadModelsScreen = () => listCatalogue(serverContext().db);

export const answerModelAction = answerChange({
  schema: modelActionSchema,
  screen: "/admin/api-models",
  what: "model action",
  failureToast: () => adminToasts.modelsFailed,
  change: applyModelAction,
});

export const loadSettingsScreen = () => loadSettings(serverContext().db);

export const answerSettingsAction = answerChange({
  schema: settingsSchema,
  screen: "/admin/settings",
  what: "settings",
  failureToast: () => adminToasts.settingsFailed,
  change: saveSettings,
});

export async function loadRolesScreen() {
  return { roles: await listRoleAssignments(serverContext().db) };
}

export const answerRoleGrant = answerChange({
  schema: roleGrantSchema,
  screen: "/admin/roles",
  what: "role grant",
  failureToast: (grant) =>
    userActionFailureToast(
      grant.role === "admin" ? "grant-admin" : grant.role === "banned" ? "ban" : "restrict",
    ),
  change: grantRoleByEmail,
});

export async function loadKeysScreen(params: URLSearchParams) {
  const { vendor } = parseQuery(keyListQuerySchema, params);
  return loadApiKeys(serverContext().db, webEnv().appSecret, vendor);
}

export const answerKeyRevoke = answerChange({
  schema: () => keyRevokeSchema,
  screen: "/admin/api-keys",
  what: "key revoke",
  failureToast: () => adminToasts.keyRevokeFailed,
  change: revokeUserKey,
});

/** The usage charts; on a failed read the spec's 'Error fetching API usage' toast, never invented numbers. */
export async function loadAnalytics(params: URLSearchParams, userId?: string) {
  const { range } = parseQuery(rangeQuerySchema, params);
  try {
    return { range, usage: await usageAnalytics(serverContext().db, range, userId), error: null };
  } catch (error) {
    webLogger().error({ err: error }, "reading usage analytics failed");
    return { range, usage: null, error: adminToasts.usageFailed };
  }
}
