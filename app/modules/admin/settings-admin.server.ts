/**
 * The Settings screen (docs/product.md §4 'Settings'): the active vendor, the default model, the default system
 * prompt, the Starter plan's limits and whether admins must use two-factor sign-in. Saved in system_settings (db/system-settings.ts), which the chat, the
 * plan limits and the worker read on every request — a saved change holds from the next one.
 */
import type { Db } from "#db/database";
import { readSystemSettings, SETTING_KEYS, writeSetting } from "#db/system-settings";
import type { SessionUser } from "../auth/session.server";
import { adminTexts } from "../texts/catalogue";
import { publishEvent } from "../realtime/publish.server";
import { recordAudit } from "./audit.server";
import { listCatalogue, setDefaultModel } from "./models-admin.server";
import type { SettingsForm } from "./schemas";
import { AdminActionError, type ActionContext } from "./users.server";
import { activateVendor } from "./vendors.server";

export async function loadSettings(db: Db) {
  const [settings, catalogue, active] = await Promise.all([
    readSystemSettings(db),
    listCatalogue(db),
    db.selectFrom("api_vendors").select("id").where("is_active", "=", 1).executeTakeFirst(),
  ]);
  return {
    settings: {
      activeVendorId: active?.id ?? null,
      defaultModel: catalogue.models.find((model) => model.isDefault)?.id ?? settings.defaultModel,
      defaultSystemPrompt: settings.defaultSystemPrompt,
      starterDailyReplies: settings.starterDailyReplies,
      starterHistoryHours: settings.starterHistoryHours,
      requireAdminTwoFactor: settings.requireAdminTwoFactor,
    },
    vendors: catalogue.vendors,
    models: catalogue.models.map((model) => ({ id: model.id, name: model.name })),
  };
}

export async function saveSettings(ctx: ActionContext, actor: SessionUser, form: SettingsForm) {
  const { db, redis } = ctx;
  const before = await loadSettings(db);
  const vendor = await db
    .selectFrom("api_vendors")
    .select(["id", "name", "display_name"])
    .where("id", "=", form.activeVendorId)
    .executeTakeFirst();
  if (!vendor) throw new AdminActionError(adminTexts.chooseVendor, 400);
  if (!before.models.some((model) => model.id === form.defaultModel))
    throw new AdminActionError(adminTexts.chooseModel, 400);
  const vendorChanged = before.settings.activeVendorId !== vendor.id;
  const modelChanged = before.settings.defaultModel !== form.defaultModel;

  await db.transaction().execute(async (trx) => {
    if (vendorChanged) await activateVendor(trx, vendor);
    if (modelChanged) await setDefaultModel(trx, form.defaultModel);
    await writeSetting(trx, SETTING_KEYS.defaultSystemPrompt, form.defaultSystemPrompt);
    await writeSetting(trx, SETTING_KEYS.starterDailyReplies, String(form.starterDailyReplies));
    await writeSetting(trx, SETTING_KEYS.starterHistoryHours, String(form.starterHistoryHours));
    await writeSetting(trx, SETTING_KEYS.requireAdminTwoFactor, String(form.requireAdminTwoFactor));
  });

  const audit = { actorUserId: actor.user.id, ip: ctx.ip };
  await recordAudit(db, {
    ...audit,
    action: "settings.update",
    targetType: "settings",
    targetId: "system",
    details: {
      defaultModel: form.defaultModel,
      starterDailyReplies: form.starterDailyReplies,
      starterHistoryHours: form.starterHistoryHours,
      systemPromptChanged: form.defaultSystemPrompt !== before.settings.defaultSystemPrompt,
      requireAdminTwoFactor: form.requireAdminTwoFactor,
    },
  });
  if (vendorChanged) {
    await recordAudit(db, {
      ...audit,
      action: "vendor.activate",
      targetType: "vendor",
      targetId: vendor.name,
    });
    await publishEvent(redis, { type: "vendor-changed", displayName: vendor.display_name });
  }
  if (modelChanged) await publishEvent(redis, { type: "models-updated" });
  return adminTexts.settingsSaved;
}
