/**
 * Idempotent seed: the built-in model catalogue, the four vendors with their public endpoints, the models each
 * vendor serves, and the active vendor. Rows that exist are left alone, so an admin's edits survive restarts.
 */
import type { Db } from "./database";
import { encryptSecret } from "#platform/crypto";
import type { VendorOverride } from "#platform/env";
import { nowIso, type AiModel } from "./schema";
import type { VendorName } from "#contract/jobs";

interface CatalogueModel {
  model_id: string;
  display_name: string;
  size_label: string;
  tagline: string;
  /** Tokens, as the model's publisher states its window (db/migrations/0010_context_windows.ts names them). */
  contextWindow: number;
  /** Tokens kept for the reply when a request names no max_tokens. */
  replyReserve: number;
  is_default?: boolean;
  is_pro?: boolean;
  supports_images?: boolean;
  vendorModels: Partial<Record<VendorName, string>>;
}

/** The built-in catalogue (docs/product.md §2). Starter users get the two models without the PRO badge. */
export const BUILT_IN_MODELS: CatalogueModel[] = [
  {
    model_id: "dolphin-mixtral-8x22b",
    display_name: "Dolphin Mixtral 8x22B",
    size_label: "22B",
    tagline: "Unfiltered Creativity",
    contextWindow: 65_536,
    replyReserve: 4_096,
    is_default: true,
    vendorModels: {
      together: "cognitivecomputations/dolphin-2.9.2-mixtral-8x22b",
      novita: "cognitivecomputations/dolphin-mixtral-8x22b",
      modelslab: "uncensored-chat",
    },
  },
  {
    model_id: "llama-3.1-8b-instruct",
    display_name: "Llama 3.1 8B Instruct",
    size_label: "8B",
    tagline: "Open Dialogue",
    contextWindow: 131_072,
    replyReserve: 4_096,
    vendorModels: {
      together: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo",
      novita: "meta-llama/llama-3.1-8b-instruct",
      modelslab: "uncensored-chat",
    },
  },
  {
    model_id: "llama-4-maverick-17b",
    display_name: "Llama 4 Maverick 17B",
    size_label: "17B",
    tagline: "Multimodal Power",
    contextWindow: 1_048_576,
    replyReserve: 8_192,
    is_pro: true,
    supports_images: true,
    vendorModels: {
      together: "meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8",
      novita: "meta-llama/llama-4-maverick-17b-128e-instruct-fp8",
    },
  },
  {
    model_id: "llama-4-scout-17b",
    display_name: "Llama 4 Scout 17B",
    size_label: "17B",
    tagline: "Efficient Reasoning",
    contextWindow: 1_048_576,
    replyReserve: 8_192,
    is_pro: true,
    vendorModels: {
      together: "meta-llama/Llama-4-Scout-17B-16E-Instruct",
      novita: "meta-llama/llama-4-scout-17b-16e-instruct",
    },
  },
  {
    model_id: "deepseek_v3",
    display_name: "DeepSeek V3",
    size_label: "Large",
    tagline: "Advanced Comprehension",
    contextWindow: 128_000,
    replyReserve: 8_192,
    is_pro: true,
    vendorModels: { together: "deepseek-ai/DeepSeek-V3", novita: "deepseek/deepseek_v3" },
  },
  {
    model_id: "qwen2.5-vl-72b-instruct",
    display_name: "Qwen 2.5 VL 72B Instruct",
    size_label: "72B",
    tagline: "Visual Intelligence",
    contextWindow: 32_768,
    replyReserve: 4_096,
    is_pro: true,
    supports_images: true,
    vendorModels: { together: "Qwen/Qwen2.5-VL-72B-Instruct", novita: "qwen/qwen2.5-vl-72b-instruct" },
  },
  {
    model_id: "gemma-3-27b-it",
    display_name: "Gemma 3 27B",
    size_label: "27B",
    tagline: "Lightweight Versatility",
    contextWindow: 131_072,
    replyReserve: 8_192,
    is_pro: true,
    vendorModels: { together: "google/gemma-3-27b-it", novita: "google/gemma-3-27b-it" },
  },
  {
    model_id: "deepseek-r1-turbo",
    display_name: "DeepSeek R1 Turbo",
    size_label: "Fast",
    tagline: "Rapid Processing",
    contextWindow: 128_000,
    replyReserve: 32_768,
    is_pro: true,
    vendorModels: { together: "deepseek-ai/DeepSeek-R1", novita: "deepseek/deepseek-r1-turbo" },
  },
];

export const BUILT_IN_VENDORS: { name: VendorName; display_name: string; endpoint_url: string }[] = [
  {
    name: "together",
    display_name: "Together AI",
    endpoint_url: "https://api.together.xyz/v1/chat/completions",
  },
  {
    name: "novita",
    display_name: "Novita AI",
    endpoint_url: "https://api.novita.ai/v3/openai/chat/completions",
  },
  {
    name: "modelslab",
    display_name: "ModelsLab",
    endpoint_url: "https://modelslab.com/api/v6/llm/uncensored_chat",
  },
  { name: "openai", display_name: "OpenAI", endpoint_url: "https://api.openai.com/v1/chat/completions" },
];

const flag = (value: boolean | undefined) => (value ? 1 : 0) as 0 | 1;

/** The built-in catalogue as ai_models rows: what the seed stores, and what the app offers if the table fails. */
export function builtInModelRows(): AiModel[] {
  return BUILT_IN_MODELS.map((model, index) => ({
    model_id: model.model_id,
    display_name: model.display_name,
    icon_text: model.display_name.slice(0, 1),
    size_label: model.size_label,
    description_items: JSON.stringify([model.tagline]),
    is_new: 1,
    is_pro: flag(model.is_pro),
    is_beta: 0,
    is_default: flag(model.is_default),
    supports_images: flag(model.supports_images),
    order: index + 1,
    context_window: model.contextWindow,
    reply_reserve: model.replyReserve,
  }));
}

export async function seed(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("ai_models")
      .values(builtInModelRows())
      .onConflict((oc) => oc.column("model_id").doNothing())
      .execute();

    await trx
      .insertInto("api_vendors")
      .values(
        BUILT_IN_VENDORS.map((vendor, index) => ({
          ...vendor,
          api_key_encrypted: null,
          is_active: flag(vendor.name === "together"),
          priority_order: index + 1,
          config: "{}",
        })),
      )
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();

    const vendors = await trx.selectFrom("api_vendors").select(["id", "name"]).execute();
    const vendorId = new Map(vendors.map((v) => [v.name, v.id]));
    const vendorModels = BUILT_IN_MODELS.flatMap((model) =>
      Object.entries(model.vendorModels).map(([vendor, vendorModelId]) => ({
        vendor_id: vendorId.get(vendor)!,
        model_id: vendorModelId,
        ai_model_id: model.model_id,
        display_name: model.display_name,
        is_available: 1 as const,
        config: "{}",
      })),
    );
    await trx
      .insertInto("api_vendor_models")
      .values(vendorModels)
      .onConflict((oc) => oc.columns(["vendor_id", "ai_model_id"]).doNothing())
      .execute();

    await trx
      .insertInto("system_settings")
      .values({ setting_key: "active_vendor", setting_value: "together", updated_at: nowIso() })
      .onConflict((oc) => oc.column("setting_key").doNothing())
      .execute();
  });
}

/** VENDOR_<NAME>_URL / _KEY from the environment win over what is stored, at every start. */
export async function applyVendorOverrides(
  db: Db,
  overrides: Record<VendorName, VendorOverride>,
  appSecret: string,
): Promise<void> {
  for (const [name, { url, key }] of Object.entries(overrides)) {
    if (!url && !key) continue;
    await db
      .updateTable("api_vendors")
      .set({
        ...(url ? { endpoint_url: url } : {}),
        ...(key ? { api_key_encrypted: encryptSecret(key, appSecret) } : {}),
      })
      .where("name", "=", name)
      .execute();
  }
}
