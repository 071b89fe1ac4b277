/** The admin console's vendors screen: only an admin may act; one active vendor; a write-only, encrypted key. */
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { AdminActionData } from "~/modules/admin/action-result";
import { args, get, outcome, post, visitorWith, type Visitor } from "../support/route-calls";
import { rowWhere } from "../support/rows";
import { setUpTestEnv, importAfterEnv, setUpWorker } from "../support/test-env";

const t = setUpTestEnv();
const route = importAfterEnv(() => import("~/routes/admin.api-vendors"));
setUpWorker(2);

const vendorNamed = (name: string) => rowWhere(t.db, "api_vendors", "name", name);
const act = (visitor: Visitor | null, form: Record<string, string>, headers = {}) =>
  outcome(() => route.action(args(post("/admin/api-vendors", visitor, form, headers))));

describe("who may change a vendor", () => {
  const visitors: [string, () => Promise<Visitor | null>][] = [
    ["signed out", async () => null],
    ["a plain user", () => visitorWith(t)],
    ["a restricted user", () => visitorWith(t, ["restricted"])],
    ["a banned admin", () => visitorWith(t, ["admin", "banned"])],
  ];
  for (const [name, make] of visitors) {
    it(`${name} cannot activate, edit or set a key`, async () => {
      const novita = await vendorNamed("novita");
      const visitor = await make();
      const forms: Record<string, string>[] = [
        { intent: "activate", vendorId: String(novita.id) },
        {
          intent: "edit",
          vendorId: String(novita.id),
          displayName: "X",
          endpointUrl: "https://x.example/",
          priority: "1",
        },
        { intent: "key", vendorId: String(novita.id), apiKey: "sk-stolen-9999" },
      ];
      for (const form of forms) {
        const answer = await act(visitor, form);
        expect(answer.status).toBe(302);
        expect(answer.headers.get("Location")).toMatch(/^\/($|signin)/);
      }
      expect(await vendorNamed("novita")).toEqual(novita);
    });
  }
});

describe("an admin on the vendors screen", () => {
  it("activates one vendor in one step: the others turn inactive and settings name it", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const novita = await vendorNamed("novita");
    expect((await act(admin, { intent: "activate", vendorId: String(novita.id) })).status).toBe(302);
    const active = await t.db.selectFrom("api_vendors").select("name").where("is_active", "=", 1).execute();
    expect(active).toEqual([{ name: "novita" }]);
    const setting = await t.db
      .selectFrom("system_settings")
      .select("setting_value")
      .where("setting_key", "=", "active_vendor")
      .executeTakeFirstOrThrow();
    expect(setting.setting_value).toBe("novita");
    const together = await vendorNamed("together");
    await act(admin, { intent: "activate", vendorId: String(together.id) });
  });

  it("sets a key that is stored encrypted and only ever shown as its last four characters", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const openai = await vendorNamed("openai");
    const secret = "sk-admin-secret-key-7731";
    expect((await act(admin, { intent: "key", vendorId: String(openai.id), apiKey: secret })).status).toBe(
      302,
    );
    const stored = await vendorNamed("openai");
    expect(stored.api_key_encrypted).not.toContain(secret);
    const page = await outcome(() => route.loader(args(get("/admin/api-vendors", admin))));
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(stored.api_key_encrypted!);
    expect(page.body).toMatchObject({
      vendors: expect.arrayContaining([expect.objectContaining({ name: "openai", keyLast4: "7731" })]),
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "vendor.key")
      .execute();
    expect(JSON.stringify(audit)).not.toContain(secret);
    const keys = await t.redis.keys("*");
    expect(keys.join("\n")).not.toContain(secret);
  });

  it("does not send a refused key back into the form", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const answer = await act(admin, { intent: "key", vendorId: "abc", apiKey: "sk-echo-me-1234" });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).not.toContain("sk-echo-me-1234");
  });

  it("refuses private, loopback and non-http endpoint URLs with a message", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const novita = await vendorNamed("novita");
    for (const url of [
      "http://169.254.169.254/latest",
      "http://[::ffff:127.0.0.1]/",
      "http://2130706433/",
      "ftp://example.com/",
    ]) {
      const answer = await act(admin, {
        intent: "edit",
        vendorId: String(novita.id),
        displayName: "Novita",
        endpointUrl: url,
        priority: "2",
      });
      expect(answer.status, url).toBe(400);
    }
    expect((await vendorNamed("novita")).endpoint_url).toBe(novita.endpoint_url);
  });

  it("answers a refusal with one toast, also left for the page the same request renders (no JavaScript)", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const novita = await vendorNamed("novita");
    const call = args(
      post("/admin/api-vendors", admin, {
        intent: "edit",
        vendorId: String(novita.id),
        displayName: "Novita",
        endpointUrl: "http://169.254.169.254/latest",
        priority: "2",
      }),
    );
    const answer = await outcome(() => route.action(call));
    const reason =
      "Private, loopback and link-local addresses are refused (set ALLOW_PRIVATE_VENDOR_URLS=true for a local model server).";
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      toast: { type: "destructive", title: "Action Failed", description: reason },
      result: { error: { "": [reason] } },
    });
    expect((call.context as AppLoadContext).pageToast).toEqual((answer.body as AdminActionData).toast);
  });

  it("keeps an endpoint set by the operator (VENDOR_<NAME>_URL) while renaming and reprioritising", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const novita = await vendorNamed("novita");
    const answer = await act(admin, {
      intent: "edit",
      vendorId: String(novita.id),
      displayName: "Novita AI (EU)",
      endpointUrl: novita.endpoint_url,
      priority: "7",
    });
    expect(answer.status).toBe(302);
    expect(await vendorNamed("novita")).toMatchObject({ display_name: "Novita AI (EU)", priority_order: 7 });
  });

  it("tests a connection through a worker and reports 'Connection successful (N ms)'", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const together = await vendorNamed("together");
    const answer = await act(admin, { intent: "test", vendorId: String(together.id) });
    expect(answer.status).toBe(302);
    const page = await outcome(() => route.loader(args(get("/admin/api-vendors", admin))));
    const shown = (
      page.body as { vendors: { name: string; lastTest: { message: string } | null }[] }
    ).vendors.find((vendor) => vendor.name === "together");
    expect(shown?.lastTest?.message).toMatch(/^Connection successful \(\d+ ms\)$/);
  });

  type Listed = {
    endpointModels: { vendorName: string; ok: boolean; message?: string; models?: unknown[] } | null;
  };
  const listModels = async (admin: Visitor, vendor: string) =>
    (await outcome(() => route.loader(args(get(`/admin/api-vendors?models=${vendor}`, admin)))))
      .body as Listed;

  it("lists the models an OpenAI-format endpoint reports and adds one to the catalogue in one click", async () => {
    const admin = await visitorWith(t, ["admin"]);
    t.mock.setBehaviour({ models: "llama3.2:3b,mlx-community/Qwen2.5@4bit" }, "openai");
    const openai = await vendorNamed("openai");
    expect((await listModels(admin, "openai")).endpointModels).toEqual({
      vendorName: "openai",
      ok: true,
      models: [
        { id: "llama3.2:3b", inCatalogue: null },
        { id: "mlx-community/Qwen2.5@4bit", inCatalogue: null },
      ],
    });
    expect(t.mock.requests("openai").at(-1)?.path).toBe("/openai/v1/models");

    const answer = await act(admin, {
      intent: "add-model",
      vendorId: String(openai.id),
      vendorModelId: "llama3.2:3b",
    });
    expect(answer.status).toBe(302);
    expect(await rowWhere(t.db, "ai_models", "model_id", "llama3.2:3b")).toMatchObject({
      display_name: "llama3.2:3b",
      icon_text: "L",
    });
    expect(await rowWhere(t.db, "api_vendor_models", "ai_model_id", "llama3.2:3b")).toMatchObject({
      vendor_id: openai.id,
      model_id: "llama3.2:3b",
      is_available: 1,
    });
    // An id the catalogue cannot take as it is gets a tidy one; the vendor is still sent its own.
    const tidied = await act(admin, {
      intent: "add-model",
      vendorId: String(openai.id),
      vendorModelId: "mlx-community/Qwen2.5@4bit",
    });
    expect(tidied.status).toBe(302);
    expect(
      await rowWhere(t.db, "api_vendor_models", "ai_model_id", "mlx-community/Qwen2.5-4bit"),
    ).toMatchObject({
      model_id: "mlx-community/Qwen2.5@4bit",
    });
    expect((await listModels(admin, "openai")).endpointModels?.models).toEqual([
      { id: "llama3.2:3b", inCatalogue: "llama3.2:3b" },
      { id: "mlx-community/Qwen2.5@4bit", inCatalogue: "mlx-community/Qwen2.5@4bit" },
    ]);
  });

  it("adds an endpoint's model the catalogue already has by serving that model from this vendor too", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const novita = await vendorNamed("novita");
    const existing = await t.db
      .selectFrom("ai_models")
      .selectAll()
      .orderBy("order")
      .executeTakeFirstOrThrow();
    await act(admin, { intent: "add-model", vendorId: String(novita.id), vendorModelId: existing.model_id });
    expect(await rowWhere(t.db, "ai_models", "model_id", existing.model_id)).toEqual(existing);
    const served = await t.db
      .selectFrom("api_vendor_models")
      .select("model_id")
      .where("vendor_id", "=", novita.id)
      .where("ai_model_id", "=", existing.model_id)
      .executeTakeFirstOrThrow();
    expect(served.model_id).toBe(existing.model_id);
  });

  it("says why an endpoint's models could not be listed, and refuses a vendor that cannot list them", async () => {
    const admin = await visitorWith(t, ["admin"]);
    t.mock.setBehaviour({ fault: "401", errorMessage: "Incorrect API key provided" }, "together");
    expect((await listModels(admin, "together")).endpointModels).toEqual({
      vendorName: "together",
      ok: false,
      message: "Connection failed: 401 - Incorrect API key provided",
    });
    for (const bad of ["modelslab", "nobody", "openai%00"]) {
      expect(
        (await outcome(() => route.loader(args(get(`/admin/api-vendors?models=${bad}`, admin))))).status,
      ).toBe(400);
    }
  });

  it("refuses a blank or spaced model id to add with the catalogue's message", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const openai = await vendorNamed("openai");
    const before = await t.db.selectFrom("ai_models").select("model_id").execute();
    for (const vendorModelId of ["", "two words"]) {
      const answer = await act(admin, { intent: "add-model", vendorId: String(openai.id), vendorModelId });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain("Vendor model id");
    }
    expect(await t.db.selectFrom("ai_models").select("model_id").execute()).toEqual(before);
  });

  it("answers an unknown vendor 404 and a tampered id 400, never 500", async () => {
    const admin = await visitorWith(t, ["admin"]);
    expect((await act(admin, { intent: "activate", vendorId: "999999" })).status).toBe(404);
    expect((await act(admin, { intent: "activate", vendorId: "1 or 1=1" })).status).toBe(400);
    expect((await act(admin, { intent: "explode", vendorId: "1" })).status).toBe(400);
  });

  it("refuses a cross-site post", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const novita = await vendorNamed("novita");
    const answer = await act(
      admin,
      { intent: "activate", vendorId: String(novita.id) },
      { Origin: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
  });
});
