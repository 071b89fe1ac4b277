/**
 * The model catalogue an admin runs (docs/product.md §4 'Models'): the ai_models rows the chat's picker lists,
 * their badges and order, and which vendor model id each vendor sends for them (api_vendor_models, which the
 * worker's routing reads). Every change is announced, so open chat pages reload their model list.
 */
import type { Db } from "#db/database";
import { DEFAULT_CONTEXT_WINDOW, DEFAULT_REPLY_RESERVE } from "#contract/model-window";
import { SETTING_KEYS, writeSetting } from "#db/system-settings";
import type { SessionUser } from "../auth/session.server";
import { adminTexts } from "../texts/catalogue";
import { PLACEHOLDER_MODEL_ID, toModelCard, type ModelCard } from "../models/models.server";
import { publishEvent } from "../realtime/publish.server";
import { recordAudit } from "./audit.server";
import type { ModelAction, ModelFields } from "./schemas";
import { AdminActionError, found, type ActionContext } from "./users.server";

export interface CatalogueModel extends ModelCard {
  /** Vendor id → that vendor's model id for this model. */
  vendorModels: Record<number, string>;
  contextWindow: number;
  replyReserve: number;
}

/** The stored catalogue as the Models screen edits it (the built-in fallback is not editable: it is code). */
export async function listCatalogue(db: Db) {
  const [models, mappings, vendors] = await Promise.all([
    db
      .selectFrom("ai_models")
      .selectAll()
      .where("model_id", "!=", PLACEHOLDER_MODEL_ID)
      .orderBy("order")
      .orderBy("model_id")
      .execute(),
    db.selectFrom("api_vendor_models").select(["vendor_id", "ai_model_id", "model_id"]).execute(),
    db
      .selectFrom("api_vendors")
      .select(["id", "name", "display_name"])
      .orderBy("priority_order")
      .orderBy("id")
      .execute(),
  ]);
  return {
    vendors: vendors.map((vendor) => ({
      id: vendor.id,
      name: vendor.name,
      displayName: vendor.display_name,
    })),
    models: models.map((model): CatalogueModel => ({
      ...toModelCard(model),
      contextWindow: model.context_window,
      replyReserve: model.reply_reserve,
      vendorModels: Object.fromEntries(
        mappings
          .filter((row) => row.ai_model_id === model.model_id)
          .map((row) => [row.vendor_id, row.model_id]),
      ),
    })),
  };
}

/** The one default model: its DEFAULT flag and the saved setting change together (callers pass a transaction). */
export async function setDefaultModel(trx: Db, modelId: string) {
  await trx.updateTable("ai_models").set({ is_default: 0 }).where("model_id", "!=", modelId).execute();
  await trx.updateTable("ai_models").set({ is_default: 1 }).where("model_id", "=", modelId).execute();
  await writeSetting(trx, SETTING_KEYS.defaultModel, modelId);
}

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

async function requireModel(db: Db, modelId: string) {
  return found(
    await db
      .selectFrom("ai_models")
      .selectAll()
      .where("model_id", "=", modelId)
      .where("model_id", "!=", PLACEHOLDER_MODEL_ID)
      .executeTakeFirst(),
    adminTexts.modelNotFound,
  );
}

/** Which vendor serves this model under which id: an empty id removes that vendor's mapping. */
async function saveVendorModels(
  trx: Db,
  fields: Pick<ModelFields, "modelId" | "displayName" | "vendorModels">,
) {
  if (fields.vendorModels.length === 0) return;
  const known = await trx
    .selectFrom("api_vendors")
    .select("id")
    .where(
      "id",
      "in",
      fields.vendorModels.map((row) => row.vendorId),
    )
    .execute();
  if (known.length !== new Set(fields.vendorModels.map((row) => row.vendorId)).size)
    throw new AdminActionError(adminTexts.vendorNotFound, 400);
  for (const { vendorId, vendorModelId } of fields.vendorModels) {
    if (!vendorModelId) {
      await trx
        .deleteFrom("api_vendor_models")
        .where("vendor_id", "=", vendorId)
        .where("ai_model_id", "=", fields.modelId)
        .execute();
      continue;
    }
    await trx
      .insertInto("api_vendor_models")
      .values({
        vendor_id: vendorId,
        model_id: vendorModelId,
        ai_model_id: fields.modelId,
        display_name: fields.displayName,
        is_available: 1,
        config: "{}",
      })
      .onConflict((oc) =>
        oc
          .columns(["vendor_id", "ai_model_id"])
          .doUpdateSet({ model_id: vendorModelId, display_name: fields.displayName }),
      )
      .execute();
  }
}

const rowFields = (fields: ModelFields) => ({
  display_name: fields.displayName,
  icon_text: fields.iconText,
  size_label: fields.sizeLabel,
  description_items: JSON.stringify(fields.description),
  is_new: flag(fields.isNew),
  is_pro: flag(fields.isPro),
  is_beta: flag(fields.isBeta),
  supports_images: flag(fields.supportsImages),
  context_window: fields.contextWindow,
  reply_reserve: fields.replyReserve,
});

type ModelState = Record<string, string | number | boolean>;

/**
 * What an admin can change of a model, as the audit log names it: its fields, badges and, per vendor, the id
 * that vendor sends. Read from the database, so the audit says what was stored, not what was asked.
 */
async function modelState(trx: Db, modelId: string): Promise<ModelState> {
  const model = await trx
    .selectFrom("ai_models")
    .selectAll()
    .where("model_id", "=", modelId)
    .executeTakeFirst();
  if (!model) return {};
  const mappings = await trx
    .selectFrom("api_vendor_models")
    .innerJoin("api_vendors", "api_vendors.id", "api_vendor_models.vendor_id")
    .select(["api_vendors.name", "api_vendor_models.model_id"])
    .where("api_vendor_models.ai_model_id", "=", modelId)
    .execute();
  return {
    displayName: model.display_name,
    iconText: model.icon_text,
    sizeLabel: model.size_label,
    description: (JSON.parse(model.description_items) as string[]).join(" / "),
    isNew: model.is_new === 1,
    isPro: model.is_pro === 1,
    isBeta: model.is_beta === 1,
    isDefault: model.is_default === 1,
    supportsImages: model.supports_images === 1,
    contextWindow: model.context_window,
    replyReserve: model.reply_reserve,
    ...Object.fromEntries(mappings.map((row) => [`vendor ${row.name}`, row.model_id])),
  };
}

/** Each field that differs, as "before → after" ("—" for a vendor id that was or is now none). */
function changedFields(before: ModelState, after: ModelState) {
  const changes: Record<string, string> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] !== after[key])
      changes[key] = `${String(before[key] ?? "—")} → ${String(after[key] ?? "—")}`;
  }
  return changes;
}

/** Adds or edits a model; answers what the audit log records: a new model's fields, an edit's changes. */
async function saveModel(db: Db, fields: ModelFields, adding: boolean) {
  // A reserve as large as the window leaves no room for any prompt.
  if (fields.replyReserve >= fields.contextWindow)
    throw new AdminActionError(adminTexts.replyReserveInvalid, 400);
  return db.transaction().execute(async (trx) => {
    const before = adding ? null : await modelState(trx, fields.modelId);
    if (adding) {
      const taken = await trx
        .selectFrom("ai_models")
        .select("model_id")
        .where("model_id", "=", fields.modelId)
        .executeTakeFirst();
      if (taken) throw new AdminActionError(adminTexts.modelExists, 409);
      const last = await trx
        .selectFrom("ai_models")
        .select((eb) => eb.fn.max<number>("order").as("order"))
        .executeTakeFirst();
      await trx
        .insertInto("ai_models")
        .values({
          model_id: fields.modelId,
          ...rowFields(fields),
          is_default: 0,
          order: Number(last?.order ?? 0) + 1,
        })
        .execute();
    } else {
      const model = await requireModel(trx, fields.modelId);
      if (model.is_default === 1 && !fields.isDefault)
        throw new AdminActionError(adminTexts.lastDefault, 409);
      await trx
        .updateTable("ai_models")
        .set(rowFields(fields))
        .where("model_id", "=", fields.modelId)
        .execute();
    }
    if (fields.isDefault) await setDefaultModel(trx, fields.modelId);
    await saveVendorModels(trx, fields);
    const after = await modelState(trx, fields.modelId);
    return before ? changedFields(before, after) : after;
  });
}

/** Swaps the model with its neighbour and renumbers the catalogue 1..n, in one transaction. */
async function moveModel(db: Db, modelId: string, direction: "up" | "down") {
  await db.transaction().execute(async (trx) => {
    await requireModel(trx, modelId);
    const ids = (
      await trx
        .selectFrom("ai_models")
        .select("model_id")
        .where("model_id", "!=", PLACEHOLDER_MODEL_ID)
        .orderBy("order")
        .orderBy("model_id")
        .execute()
    ).map((row) => row.model_id);
    const at = ids.indexOf(modelId);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable("ai_models")
        .set({ order: index + 1 })
        .where("model_id", "=", id)
        .execute();
    }
  });
}

export async function applyModelAction(ctx: ActionContext, actor: SessionUser, action: ModelAction) {
  const { db, redis } = ctx;
  let message: string;
  let details: Record<string, string | number | boolean>;
  if (action.intent === "move") {
    const model = await requireModel(db, action.modelId);
    await moveModel(db, action.modelId, action.direction);
    message = adminTexts.modelMoved(model.display_name);
    details = { direction: action.direction };
  } else {
    // An edit names the model as well as what changed, so the entry reads on its own.
    details = { displayName: action.displayName, ...(await saveModel(db, action, action.intent === "add")) };
    message = adminTexts.modelSaved(action.displayName);
  }
  await recordAudit(db, {
    actorUserId: actor.user.id,
    action:
      action.intent === "add" ? "model.create" : action.intent === "move" ? "model.reorder" : "model.update",
    targetType: "model",
    targetId: action.modelId,
    details,
    ip: ctx.ip,
  });
  await publishEvent(redis, { type: "models-updated" });
  return message;
}

const CATALOGUE_ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

/** A catalogue id for a vendor's model id: the same id where it is a valid one, else a tidied copy. */
export function catalogueIdFor(vendorModelId: string): string {
  if (CATALOGUE_ID.test(vendorModelId)) return vendorModelId;
  const tidy = vendorModelId
    .replace(/[^A-Za-z0-9._:/-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 100);
  return tidy || "model";
}

/**
 * A model an endpoint reports, added in one click: a new catalogue model under the vendor's id, served by that
 * vendor — or, when the catalogue already has that id, that model served by this vendor too.
 */
export async function addEndpointModel(
  ctx: ActionContext,
  actor: SessionUser,
  vendorId: number,
  vendorModelId: string,
) {
  const modelId = catalogueIdFor(vendorModelId);
  const existing = await ctx.db
    .selectFrom("ai_models")
    .select("display_name")
    .where("model_id", "=", modelId)
    .executeTakeFirst();
  const vendorModels = [{ vendorId, vendorModelId }];
  if (!existing) {
    const lastSegment = vendorModelId.split("/").at(-1) ?? vendorModelId;
    return applyModelAction(ctx, actor, {
      intent: "add",
      modelId,
      displayName: vendorModelId.slice(0, 100),
      iconText: (lastSegment.match(/[A-Za-z0-9]/)?.[0] ?? "M").toUpperCase(),
      sizeLabel: "",
      description: [],
      isNew: false,
      isPro: false,
      isBeta: false,
      isDefault: false,
      supportsImages: false,
      // The endpoint does not say its window: the catalogue's default until an admin sets the model's own.
      contextWindow: DEFAULT_CONTEXT_WINDOW,
      replyReserve: DEFAULT_REPLY_RESERVE,
      vendorModels,
    });
  }
  const changes = await ctx.db.transaction().execute(async (trx) => {
    const before = await modelState(trx, modelId);
    await saveVendorModels(trx, { modelId, displayName: existing.display_name, vendorModels });
    return changedFields(before, await modelState(trx, modelId));
  });
  await recordAudit(ctx.db, {
    actorUserId: actor.user.id,
    action: "model.update",
    targetType: "model",
    targetId: modelId,
    details: { displayName: existing.display_name, ...changes },
    ip: ctx.ip,
  });
  await publishEvent(ctx.redis, { type: "models-updated" });
  return adminTexts.modelSaved(existing.display_name);
}
