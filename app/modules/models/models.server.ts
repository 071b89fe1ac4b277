import type { Db } from "#db/database";
import { canUseModel } from "#db/plans";
import { builtInModelRows } from "#db/seed";
import type { AiModel, Plan } from "#db/schema";
import { webLogger } from "~/utils/logger.server";

/** A row with this id only keeps the table alive and is never offered (docs/product.md §2). */
export const PLACEHOLDER_MODEL_ID = "dummy_preserve_table";

/** The built-in catalogue stands in when the table cannot be read or is empty (docs/product.md §2). */
export async function listModels(db: Db): Promise<AiModel[]> {
  try {
    const rows = await db
      .selectFrom("ai_models")
      .selectAll()
      .where("model_id", "!=", PLACEHOLDER_MODEL_ID)
      .orderBy("order")
      .execute();
    return rows.length ? rows : builtInModelRows();
  } catch (error) {
    webLogger().error({ err: error }, "reading ai_models failed; offering the built-in models");
    return builtInModelRows();
  }
}

/** An unknown model id is replaced by the default model, or the first available (docs/product.md §2). */
export function resolveModelId(models: AiModel[], requested: string | null | undefined): string | null {
  if (requested && models.some((m) => m.model_id === requested)) return requested;
  return (models.find((m) => m.is_default === 1) ?? models[0])?.model_id ?? null;
}

/** An ai_models row as the picker and the Models screen show it. */
export interface ModelCard {
  id: string;
  name: string;
  icon: string;
  size: string;
  description: string[];
  isNew: boolean;
  isPro: boolean;
  isBeta: boolean;
  isDefault: boolean;
  supportsImages: boolean;
}

function descriptionOf(model: AiModel): string[] {
  try {
    const parsed: unknown = JSON.parse(model.description_items);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function toModelCard(model: AiModel): ModelCard {
  return {
    id: model.model_id,
    name: model.display_name,
    icon: model.icon_text,
    size: model.size_label,
    description: descriptionOf(model),
    isNew: model.is_new === 1,
    isPro: model.is_pro === 1,
    isBeta: model.is_beta === 1,
    isDefault: model.is_default === 1,
    supportsImages: model.supports_images === 1,
  };
}

/** The model list as the browser sees it (docs/product.md §2), with whether the user's plan allows each. */
export interface ModelOption extends ModelCard {
  allowed: boolean;
  /** The vendor that serves it first (the active one when it does), or null when none is known. */
  vendor: string | null;
}

export function toModelOption(model: AiModel, plan: Plan, vendor: string | null = null): ModelOption {
  return { ...toModelCard(model), allowed: canUseModel(plan, model), vendor };
}

/** Each catalogue model's first vendor, in the order replies try them: the active vendor, then by priority. */
async function servingVendors(db: Db): Promise<Map<string, string>> {
  try {
    const rows = await db
      .selectFrom("api_vendor_models")
      .innerJoin("api_vendors", "api_vendors.id", "api_vendor_models.vendor_id")
      .select(["api_vendor_models.ai_model_id", "api_vendors.display_name"])
      .where("api_vendor_models.is_available", "=", 1)
      .orderBy("api_vendors.is_active", "desc")
      .orderBy("api_vendors.priority_order")
      .execute();
    const first = new Map<string, string>();
    for (const row of rows) if (!first.has(row.ai_model_id)) first.set(row.ai_model_id, row.display_name);
    return first;
  } catch (error) {
    webLogger().error({ err: error }, "reading the models' vendors failed; the picker shows none");
    return new Map();
  }
}

export async function modelsForPlan(db: Db, plan: Plan): Promise<ModelOption[]> {
  const [models, vendors] = await Promise.all([listModels(db), servingVendors(db)]);
  return models.map((model) => toModelOption(model, plan, vendors.get(model.model_id) ?? null));
}
