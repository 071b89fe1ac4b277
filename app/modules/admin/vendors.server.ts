/**
 * docs/product.md §4: the vendors an admin runs — priority order, the one active vendor, endpoint, key and a
 * connection test. The key is write-only: stored encrypted, shown as its last four characters, never returned.
 */
import { decryptSecret, encryptSecret } from "#platform/crypto";
import { vendorUrlProblem } from "#platform/vendor-url";
import type { Db } from "#db/database";
import { nowIso, type ApiVendor } from "#db/schema";
import { SETTING_KEYS, writeSetting } from "#db/system-settings";
import type { SessionUser } from "../auth/session.server";
import { adminTexts, connectionTestMessage } from "../texts/catalogue";
import { publishEvent } from "../realtime/publish.server";
import { listEndpointModels, runVendorCheck } from "../vendors/vendor-check.server";
import { addEndpointModel } from "./models-admin.server";
import { auditTrail } from "./audit.server";
import type { VendorAction } from "./schemas";
import { AdminActionError, found, type ActionContext } from "./users.server";

export interface VendorContext extends ActionContext {
  appSecret: string;
  allowPrivateUrls: boolean;
  /** VENDOR_<NAME>_URL values: the operator's own, always allowed. */
  envUrls: Partial<Record<string, string>>;
}

export interface AdminVendorRow {
  id: number;
  name: string;
  displayName: string;
  endpointUrl: string;
  isActive: boolean;
  priority: number;
  keyLast4: string | null;
  availableModels: number;
  lastTest: { ok: boolean; message: string; at: string } | null;
}

const lastTestKey = (name: string) => `vendor_last_test:${name}`;

function keyLast4(vendor: Pick<ApiVendor, "api_key_encrypted">, appSecret: string): string | null {
  if (!vendor.api_key_encrypted) return null;
  try {
    return decryptSecret(vendor.api_key_encrypted, appSecret).slice(-4);
  } catch {
    // A key sealed with another APP_SECRET cannot be read; it is shown as set but unknown.
    return "????";
  }
}

export async function listVendors(db: Db, appSecret: string): Promise<AdminVendorRow[]> {
  const [vendors, models, tests] = await Promise.all([
    db.selectFrom("api_vendors").selectAll().orderBy("priority_order").orderBy("id").execute(),
    db
      .selectFrom("api_vendor_models")
      .select(["vendor_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("is_available", "=", 1)
      .groupBy("vendor_id")
      .execute(),
    db
      .selectFrom("system_settings")
      .select(["setting_key", "setting_value"])
      .where("setting_key", "like", "vendor_last_test:%")
      .execute(),
  ]);
  return vendors.map((vendor) => {
    const test = tests.find((row) => row.setting_key === lastTestKey(vendor.name));
    return {
      id: vendor.id,
      name: vendor.name,
      displayName: vendor.display_name,
      endpointUrl: vendor.endpoint_url,
      isActive: vendor.is_active === 1,
      priority: vendor.priority_order,
      keyLast4: keyLast4(vendor, appSecret),
      availableModels: Number(models.find((row) => row.vendor_id === vendor.id)?.n ?? 0),
      lastTest: test ? (JSON.parse(test.setting_value) as AdminVendorRow["lastTest"]) : null,
    };
  });
}

/** docs/product.md §4: all inactive, the chosen one active, its name saved (callers pass a transaction). */
export async function activateVendor(trx: Db, vendor: Pick<ApiVendor, "id" | "name">) {
  await trx.updateTable("api_vendors").set({ is_active: 0 }).where("is_active", "=", 1).execute();
  await trx.updateTable("api_vendors").set({ is_active: 1 }).where("id", "=", vendor.id).execute();
  await writeSetting(trx, SETTING_KEYS.activeVendor, vendor.name);
}

export type VendorOutcome = { message: string; test?: { ok: boolean } };

export async function applyVendorAction(
  ctx: VendorContext,
  actor: SessionUser,
  action: VendorAction,
): Promise<VendorOutcome> {
  const { db, redis } = ctx;
  const vendor = found(
    await db.selectFrom("api_vendors").selectAll().where("id", "=", action.vendorId).executeTakeFirst(),
    adminTexts.vendorNotFound,
  );
  const audit = auditTrail(ctx, actor.user.id, { targetType: "vendor", targetId: vendor.name });

  switch (action.intent) {
    case "activate": {
      await db.transaction().execute((trx) => activateVendor(trx, vendor));
      await audit("vendor.activate");
      await publishEvent(redis, { type: "vendor-changed", displayName: vendor.display_name });
      return { message: adminTexts.vendorActivated(vendor.display_name) };
    }
    case "edit": {
      const url = action.endpointUrl;
      const trusted = url === vendor.endpoint_url || url === ctx.envUrls[vendor.name];
      if (!trusted) {
        const problem = await vendorUrlProblem(url, { allowPrivate: ctx.allowPrivateUrls });
        if (problem) throw new AdminActionError(adminTexts.urlProblems[problem], 400);
      }
      await db
        .updateTable("api_vendors")
        .set({ display_name: action.displayName, endpoint_url: url, priority_order: action.priority })
        .where("id", "=", vendor.id)
        .execute();
      await audit("vendor.update", {
        displayName: action.displayName,
        endpointUrl: url,
        priority: action.priority,
      });
      return { message: adminTexts.vendorSaved };
    }
    case "key": {
      const last4 = action.apiKey.slice(-4);
      await db
        .updateTable("api_vendors")
        .set({ api_key_encrypted: encryptSecret(action.apiKey, ctx.appSecret) })
        .where("id", "=", vendor.id)
        .execute();
      await audit("vendor.key", { last4 });
      return { message: adminTexts.vendorKeySaved(last4) };
    }
    case "add-model":
      return { message: await addEndpointModel(ctx, actor, vendor.id, action.vendorModelId) };
    case "test": {
      let result;
      try {
        result = await runVendorCheck({ vendor: vendor.name });
      } catch {
        throw new AdminActionError(adminTexts.testUnavailable, 409);
      }
      const message = connectionTestMessage(result);
      await writeSetting(
        db,
        lastTestKey(vendor.name),
        JSON.stringify({ ok: result.ok, message, at: nowIso() }),
      );
      await audit("vendor.test", { ok: result.ok, message });
      return { message, test: { ok: result.ok } };
    }
  }
}

/** One model an endpoint reports, and the catalogue model this vendor already serves with it, if any. */
export interface EndpointModel {
  id: string;
  inCatalogue: string | null;
}

export type EndpointModelList =
  | { vendorName: string; ok: true; models: EndpointModel[] }
  | { vendorName: string; ok: false; message: string };

/** What the vendor's endpoint says it serves, beside what the catalogue already takes from it. */
export async function endpointModelList(db: Db, vendorName: string): Promise<EndpointModelList> {
  let result;
  try {
    result = await listEndpointModels({ vendor: vendorName });
  } catch {
    return { vendorName, ok: false, message: adminTexts.modelListUnavailable };
  }
  if (!result.ok) return { vendorName, ok: false, message: connectionTestMessage(result) };
  const served = await db
    .selectFrom("api_vendor_models")
    .innerJoin("api_vendors", "api_vendors.id", "api_vendor_models.vendor_id")
    .innerJoin("ai_models", "ai_models.model_id", "api_vendor_models.ai_model_id")
    .select(["api_vendor_models.model_id", "ai_models.display_name"])
    .where("api_vendors.name", "=", vendorName)
    .execute();
  const names = new Map(served.map((row) => [row.model_id, row.display_name]));
  return {
    vendorName,
    ok: true,
    models: result.models.map((id) => ({ id, inCatalogue: names.get(id) ?? null })),
  };
}
