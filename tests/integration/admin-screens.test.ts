/**
 * The admin console's Models, Settings, Roles, API keys, Analytics and Logs screens: only an admin may act,
 * each change is stored, audited and announced, bad input is refused with the catalogue's words, and what is
 * saved is what the chat enforces.
 */
import { connectRedis, type RedisClient } from "#platform/redis";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "#db/schema";
import { readSystemSettings } from "#db/system-settings";
import { buildPrompt } from "#worker/prompt";
import { args, get, outcome, post, visitorWith, type Visitor } from "../support/route-calls";
import { completionOf, insertChat, insertUserKey, rowWhere } from "../support/rows";
import { TEST_VENDOR_KEY, setUpTestEnv, importAfterEnv } from "../support/test-env";
import { rangeBuckets } from "~/modules/admin/analytics.server";
import { listChats } from "~/modules/chats/chats.server";
import { messagesLeftToday } from "~/modules/completions/completions.server";
import { modelsForPlan } from "~/modules/models/models.server";
import { REALTIME_CHANNEL } from "~/modules/realtime/events";

const t = setUpTestEnv();
const routes = importAfterEnv(async () => ({
  models: await import("~/routes/admin.api-models"),
  settings: await import("~/routes/admin.settings"),
  roles: await import("~/routes/admin.roles"),
  keys: await import("~/routes/admin.api-keys"),
  analytics: await import("~/routes/admin.analytics"),
  logs: await import("~/routes/admin.logs"),
  user: await import("~/routes/admin.users.$userId"),
}));
let listener: RedisClient;
const events: string[] = [];

beforeAll(async () => {
  listener = connectRedis(t.env.redisUrl);
  await listener.subscribe(REALTIME_CHANNEL);
  listener.on("message", (_channel, message: string) => events.push(message));
});
afterAll(() => listener.quit());

type ActionRoute = { action: (a: ReturnType<typeof args>) => unknown };
type LoaderRoute = { loader: (a: ReturnType<typeof args>) => unknown };
const act = (
  route: ActionRoute,
  path: string,
  visitor: Visitor | null,
  form: Record<string, string>,
  headers = {},
) => outcome(() => route.action(args(post(path, visitor, form, headers))));
const load = (
  route: LoaderRoute,
  path: string,
  visitor: Visitor | null,
  params: Record<string, string> = {},
) => outcome(() => route.loader(args(get(path, visitor), params)));
const admin = () => visitorWith(t, ["admin"]);

/** The announcement arrives over Redis pub/sub; wait for it rather than sleeping. */
async function expectEvent(type: string) {
  await expect.poll(() => events.some((event) => JSON.parse(event).type === type)).toBe(true);
}
const auditOf = (action: string, targetId: string) =>
  t.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .where("target_id", "=", targetId)
    .executeTakeFirst();

const refusedVisitors: { name: string; make: () => Promise<Visitor | null>; location: RegExp }[] = [
  { name: "signed out", make: async () => null, location: /^\/signin\?redirectTo=%2Fadmin$/ },
  { name: "a plain user", make: () => visitorWith(t), location: /^\/$/ },
  { name: "a restricted user", make: () => visitorWith(t, ["restricted"]), location: /^\/$/ },
  { name: "a banned admin", make: () => visitorWith(t, ["admin", "banned"]), location: /^\/signin/ },
];

const modelForm = (modelId: string, extra: Record<string, string> = {}) => ({
  intent: "add",
  modelId,
  displayName: `Model ${modelId}`,
  iconText: "M",
  sizeLabel: "7B",
  description: "Fast\nCheap",
  contextWindow: "8192",
  replyReserve: "1024",
  ...extra,
});

/** Each screen's action, one valid post, and how to tell it happened. */
const screenActions: {
  name: string;
  route: () => ActionRoute;
  path: string;
  form: () => Promise<Record<string, string>>;
  happened: (form: Record<string, string>) => Promise<boolean>;
}[] = [
  {
    name: "add a model",
    route: () => routes.models,
    path: "/admin/api-models",
    form: async () => modelForm(`m-${uuidv7().slice(-8)}`),
    happened: async (form) =>
      Boolean(
        await t.db
          .selectFrom("ai_models")
          .select("model_id")
          .where("model_id", "=", form.modelId!)
          .executeTakeFirst(),
      ),
  },
  {
    name: "save settings",
    route: () => routes.settings,
    path: "/admin/settings",
    form: async () => ({
      activeVendorId: String((await vendorNamed("together")).id),
      defaultModel: (await defaultModelId()) ?? "",
      defaultSystemPrompt: `Prompt ${uuidv7()}`,
      starterDailyReplies: "3",
      starterHistoryHours: "24",
    }),
    happened: async (form) =>
      (await readSystemSettings(t.db)).defaultSystemPrompt === form.defaultSystemPrompt,
  },
  {
    name: "grant a role",
    route: () => routes.roles,
    path: "/admin/roles",
    form: async () => ({ email: await emailOf(await t.createUser()), role: "restricted" }),
    happened: async (form) => {
      const user = await t.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", form.email!)
        .executeTakeFirstOrThrow();
      return (
        (await t.db.selectFrom("user_roles").select("role").where("user_id", "=", user.id).execute()).length >
        0
      );
    },
  },
  {
    name: "revoke a user's key",
    route: () => routes.keys,
    path: "/admin/api-keys",
    form: async () => ({ intent: "revoke", userId: await userWithKey(), vendor: "together" }),
    happened: async (form) =>
      !(await t.db
        .selectFrom("user_api_keys")
        .select("vendor")
        .where("user_id", "=", form.userId!)
        .executeTakeFirst()),
  },
];

const vendorNamed = (name: string) => rowWhere(t.db, "api_vendors", "name", name);
const emailOf = async (id: string) =>
  (await t.db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
const defaultModelId = async () =>
  (await t.db.selectFrom("ai_models").select("model_id").where("is_default", "=", 1).executeTakeFirst())
    ?.model_id;
const USER_KEY = "sk-user-own-key-8765";
async function userWithKey() {
  const userId = await t.createUser();
  await insertUserKey(t.db, userId, USER_KEY, t.env.appSecret);
  return userId;
}

describe("who may act on the new admin screens", () => {
  for (const action of screenActions) {
    for (const visitor of refusedVisitors) {
      it(`${visitor.name} cannot ${action.name}`, async () => {
        const form = await action.form();
        const answer = await act(action.route(), action.path, await visitor.make(), form);
        expect(answer.status).toBe(302);
        expect(answer.headers.get("Location")).toMatch(visitor.location);
        expect(await action.happened(form)).toBe(false);
      });
    }
    it(`an admin can ${action.name}; it is audited with their IP`, async () => {
      const visitor = await admin();
      const form = await action.form();
      const answer = await act(action.route(), action.path, visitor, form);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(action.path);
      expect(await action.happened(form)).toBe(true);
      const entry = await rowWhere(t.db, "audit_log", "actor_user_id", visitor.userId);
      expect(entry.ip).toBe("127.0.0.1");
    });
    it(`a cross-site post cannot ${action.name}`, async () => {
      const form = await action.form();
      const answer = await act(action.route(), action.path, await admin(), form, {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      });
      expect(answer.status).toBe(403);
      expect(await action.happened(form)).toBe(false);
    });
  }
  for (const [name, route, path] of [
    ["models", () => routes.models, "/admin/api-models"],
    ["settings", () => routes.settings, "/admin/settings"],
    ["roles", () => routes.roles, "/admin/roles"],
    ["API keys", () => routes.keys, "/admin/api-keys"],
    ["analytics", () => routes.analytics, "/admin/analytics"],
    ["logs", () => routes.logs, "/admin/logs"],
  ] as const) {
    it(`the ${name} screen is not shown to a plain user or a signed-out visitor`, async () => {
      expect((await load(route(), path, await visitorWith(t))).headers.get("Location")).toBe("/");
      expect((await load(route(), path, null)).headers.get("Location")).toMatch(/^\/signin/);
    });
  }
});

describe("the Models screen", () => {
  it("adds a model with badges and vendor ids; the chat's list has it at once and 'Models Updated' is announced", async () => {
    const together = await vendorNamed("together");
    const answer = await act(routes.models, "/admin/api-models", await admin(), {
      ...modelForm("acme-70b"),
      isPro: "on",
      supportsImages: "on",
      "vendorModels[0].vendorId": String(together.id),
      "vendorModels[0].vendorModelId": "acme/Acme-70B-Instruct",
    });
    expect(answer.status).toBe(302);
    const offered = (await modelsForPlan(t.db, "starter")).find((model) => model.id === "acme-70b");
    expect(offered).toMatchObject({
      name: "Model acme-70b",
      isPro: true,
      supportsImages: true,
      allowed: false,
    });
    expect(offered?.description).toEqual(["Fast", "Cheap"]);
    expect(
      await t.db
        .selectFrom("api_vendor_models")
        .select("model_id")
        .where("ai_model_id", "=", "acme-70b")
        .where("vendor_id", "=", together.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ model_id: "acme/Acme-70B-Instruct" });
    await expectEvent("models-updated");
    expect(await auditOf("model.create", "acme-70b")).toBeTruthy();
  });

  it("makes a model the one default, saved in settings too, and refuses leaving no default", async () => {
    const visitor = await admin();
    await act(routes.models, "/admin/api-models", visitor, modelForm("dflt-1"));
    const answer = await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("dflt-1"),
      intent: "edit",
      isDefault: "on",
    });
    expect(answer.status).toBe(302);
    expect(await defaultModelId()).toBe("dflt-1");
    expect((await readSystemSettings(t.db)).defaultModel).toBe("dflt-1");
    const refused = await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("dflt-1"),
      intent: "edit",
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("One model must stay the default");
    expect(await defaultModelId()).toBe("dflt-1");
  });

  it("audits every field a model edit changes, its PRO/BETA/DEFAULT flags and vendor ids included", async () => {
    const visitor = await admin();
    const together = await vendorNamed("together");
    await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("audit-1"),
      "vendorModels[0].vendorId": String(together.id),
      "vendorModels[0].vendorModelId": "acme/Old",
    });
    const answer = await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("audit-1"),
      intent: "edit",
      isPro: "on",
      isBeta: "on",
      isDefault: "on",
      contextWindow: "32768",
      replyReserve: "2048",
      "vendorModels[0].vendorId": String(together.id),
      "vendorModels[0].vendorModelId": "acme/New",
    });
    expect(answer.status).toBe(302);
    const entry = await auditOf("model.update", "audit-1");
    expect(JSON.parse(entry!.details)).toEqual({
      displayName: "Model audit-1",
      contextWindow: "8192 → 32768",
      replyReserve: "1024 → 2048",
      isPro: "false → true",
      isBeta: "false → true",
      isDefault: "false → true",
      "vendor together": "acme/Old → acme/New",
    });
  });

  it("reorders: a model moved up swaps places with the one before it", async () => {
    const before = (await modelsForPlan(t.db, "professional")).map((model) => model.id);
    const second = before[1]!;
    const answer = await act(routes.models, "/admin/api-models", await admin(), {
      intent: "move",
      modelId: second,
      direction: "up",
    });
    expect(answer.status).toBe(302);
    const after = (await modelsForPlan(t.db, "professional")).map((model) => model.id);
    expect(after.slice(0, 2)).toEqual([second, before[0]]);
    expect(await auditOf("model.reorder", second)).toBeTruthy();
  });

  it("refuses bad input with the catalogue's words, an unknown model 404 and a tampered vendor 400", async () => {
    const visitor = await admin();
    const bad = await act(routes.models, "/admin/api-models", visitor, modelForm("bad id!"));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Model id: letters, digits");
    const noName = await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("x-1"),
      displayName: "",
    });
    expect(noName.status).toBe(400);
    expect(
      await t.db
        .selectFrom("ai_models")
        .select("model_id")
        .where("model_id", "in", ["bad id!", "x-1"])
        .execute(),
    ).toEqual([]);
    for (const [fields, message] of [
      [{ contextWindow: "" }, "Context window: a whole number"],
      [{ contextWindow: "1000" }, "Context window: a whole number"],
      [{ contextWindow: "8192.5" }, "Context window: a whole number"],
      [{ replyReserve: "0" }, "Reply reserve: a whole number"],
      [{ replyReserve: "lots" }, "Reply reserve: a whole number"],
      [{ contextWindow: "4096", replyReserve: "4096" }, "Reply reserve: a whole number"],
    ] as const) {
      const refused = await act(routes.models, "/admin/api-models", visitor, modelForm("x-window", fields));
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect(
      await t.db.selectFrom("ai_models").select("model_id").where("model_id", "=", "x-window").execute(),
    ).toEqual([]);
    const unknown = await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("nope-404"),
      intent: "edit",
    });
    expect(unknown.status).toBe(404);
    const tampered = await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("x-2"),
      "vendorModels[0].vendorId": "1 OR 1=1",
      "vendorModels[0].vendorModelId": "a",
    });
    expect(tampered.status).toBe(400);
    const missingVendor = await act(routes.models, "/admin/api-models", visitor, {
      ...modelForm("x-3"),
      "vendorModels[0].vendorId": "999999",
      "vendorModels[0].vendorModelId": "a",
    });
    expect(missingVendor.status).toBe(400);
    expect(
      await t.db.selectFrom("ai_models").select("model_id").where("model_id", "in", ["x-2", "x-3"]).execute(),
    ).toEqual([]);
    const move = await act(routes.models, "/admin/api-models", visitor, {
      intent: "move",
      modelId: "nope",
      direction: "sideways",
    });
    expect(move.status).toBe(400);
  });
});

describe("the Settings screen", () => {
  async function starter(): Promise<User> {
    return (await rowWhere(t.db, "users", "id", await t.createUser())) as User;
  }

  it("saves what the chat enforces: replies a day, history hours, the system prompt and the active vendor", async () => {
    const novita = await vendorNamed("novita");
    const user = await starter();
    const oldChat = await insertChat(t.db, user.id, "A day and a half ago", { hoursAgo: 36 });
    expect((await listChats(t.db, user)).map((chat) => chat.id)).not.toContain(oldChat);

    const answer = await act(routes.settings, "/admin/settings", await admin(), {
      activeVendorId: String(novita.id),
      defaultModel: (await defaultModelId())!,
      defaultSystemPrompt: "You answer like a pirate.",
      starterDailyReplies: "5",
      starterHistoryHours: "48",
    });
    expect(answer.status).toBe(302);
    expect(await readSystemSettings(t.db)).toMatchObject({
      activeVendor: "novita",
      defaultSystemPrompt: "You answer like a pirate.",
      starterDailyReplies: 5,
      starterHistoryHours: 48,
    });
    expect((await vendorNamed("novita")).is_active).toBe(1);
    expect((await vendorNamed("together")).is_active).toBe(0);
    expect(await messagesLeftToday(t.db, user.id, "starter")).toEqual({ left: 5, limit: 5 });
    expect((await listChats(t.db, user)).map((chat) => chat.id)).toContain(oldChat);
    const { completionId } = await t.createCompletion(user.id, "Hello");
    const completion = await completionOf(t.db, completionId);
    expect(await buildPrompt(t.db, completion)).toEqual({
      turns: [
        { role: "system", content: "You answer like a pirate." },
        { role: "user", content: "Hello" },
      ],
    });
    await expectEvent("vendor-changed");
    expect(await auditOf("settings.update", "system")).toBeTruthy();
    expect(await auditOf("vendor.activate", "novita")).toBeTruthy();

    const page = await load(routes.settings, "/admin/settings", await admin());
    expect(page.body).toMatchObject({
      settings: { starterDailyReplies: 5, starterHistoryHours: 48, activeVendorId: novita.id },
    });
  });

  it("refuses bad numbers, an empty prompt, an unknown vendor or model with 400 and stores nothing", async () => {
    const before = await readSystemSettings(t.db);
    const good = {
      activeVendorId: String((await vendorNamed("together")).id),
      defaultModel: (await defaultModelId())!,
      defaultSystemPrompt: "Changed?",
      starterDailyReplies: "7",
      starterHistoryHours: "12",
    };
    const cases: [Record<string, string>, string][] = [
      [{ starterDailyReplies: "-1" }, "Replies per day: a whole number from 0 to 10000."],
      [{ starterDailyReplies: "1.5" }, "Replies per day: a whole number from 0 to 10000."],
      [{ starterHistoryHours: "0" }, "History hours: a whole number from 1 to 8760 (one year)."],
      [{ defaultSystemPrompt: "   " }, "The default system prompt cannot be empty."],
      [{ activeVendorId: "abc" }, "Choose the active vendor."],
      [{ activeVendorId: "999999" }, "Choose the active vendor."],
      [{ defaultModel: "no-such-model" }, "Choose the default model."],
    ];
    for (const [change, message] of cases) {
      const answer = await act(routes.settings, "/admin/settings", await admin(), { ...good, ...change });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    expect(await readSystemSettings(t.db)).toEqual(before);
  });
});

describe("the Roles screen", () => {
  it("lists role holders and grants a role by e-mail under the users screen's rules", async () => {
    const visitor = await admin();
    const target = await t.createUser();
    const email = await emailOf(target);
    const answer = await act(routes.roles, "/admin/roles", visitor, {
      email: email.toUpperCase(),
      role: "banned",
    });
    expect(answer.status).toBe(302);
    expect(await auditOf("user.ban", target)).toBeTruthy();
    const page = await load(routes.roles, "/admin/roles", visitor);
    const roles = (page.body as { roles: { role: string; users: { email: string }[] }[] }).roles;
    expect(roles.find((row) => row.role === "banned")?.users.map((user) => user.email)).toContain(email);

    const self = await act(routes.roles, "/admin/roles", visitor, {
      email: await emailOf(visitor.userId),
      role: "banned",
    });
    expect(self.status).toBe(409);
    expect(JSON.stringify(self.body)).toContain("You cannot ban or restrict yourself.");
    expect(JSON.stringify(self.body)).toContain("Action Failed");
  });

  it("answers an unknown e-mail, a bad e-mail or an unknown role 400", async () => {
    const visitor = await admin();
    for (const form of [
      { email: "nobody-here@example.com", role: "admin" },
      { email: "not-an-email", role: "admin" },
      { email: "a@example.com", role: "superuser" },
    ]) {
      expect((await act(routes.roles, "/admin/roles", visitor, form)).status).toBe(400);
    }
  });
});

describe("the API keys screen", () => {
  it("shows the vendors' keys and users' keys by last 4 only, counted per vendor, and never the key itself", async () => {
    const owner = await userWithKey();
    const page = await load(routes.keys, "/admin/api-keys", await admin());
    const body = page.body as {
      vendors: { name: string; keyLast4: string | null; userKeys: number }[];
      keys: { userId: string; last4: string }[];
    };
    expect(body.vendors.find((vendor) => vendor.name === "together")).toMatchObject({
      keyLast4: TEST_VENDOR_KEY.slice(-4),
    });
    expect(body.vendors.find((vendor) => vendor.name === "together")!.userKeys).toBeGreaterThan(0);
    expect(body.keys.find((key) => key.userId === owner)).toMatchObject({ last4: "8765" });
    const text = JSON.stringify(body);
    expect(text).not.toContain(TEST_VENDOR_KEY);
    expect(text).not.toContain(USER_KEY);
    expect(text).not.toContain("api_key_encrypted");
  });

  it("answers an unknown key 404, a tampered user id or vendor 400, and a bad filter 400", async () => {
    const visitor = await admin();
    const unknown = await act(routes.keys, "/admin/api-keys", visitor, {
      intent: "revoke",
      userId: uuidv7(),
      vendor: "together",
    });
    expect(unknown.status).toBe(404);
    for (const form of [
      { intent: "revoke", userId: "../../etc", vendor: "together" },
      { intent: "revoke", userId: uuidv7(), vendor: "Together; drop" },
      { intent: "delete-all", userId: uuidv7(), vendor: "together" },
    ]) {
      expect((await act(routes.keys, "/admin/api-keys", visitor, form)).status).toBe(400);
    }
    const badFilter = await outcome(() =>
      routes.keys.loader(args(get("/admin/api-keys?vendor=%3Cscript%3E", visitor))),
    );
    expect(badFilter.status).toBe(400);
  });
});

describe("analytics", () => {
  async function usage(
    userId: string,
    at: Date,
    fields: Partial<{
      status: "done" | "error";
      tokens: number;
      ttft: number;
      model: string;
      vendor: string;
    }> = {},
  ) {
    await t.db
      .insertInto("usage_events")
      .values({
        completion_id: uuidv7(),
        user_id: userId,
        model_id: fields.model ?? "llama-3.1-8b-instruct",
        vendor: fields.vendor ?? "together",
        status: fields.status ?? "done",
        error_code: fields.status === "error" ? "http" : null,
        prompt_tokens: fields.tokens ?? 10,
        completion_tokens: fields.tokens ?? 10,
        ttft_ms: fields.ttft ?? 100,
        created_at: at.toISOString(),
        finished_at: at.toISOString(),
      })
      .execute();
  }

  it("maps the ranges as the spec does: day by hour from midnight, week and month by day, year by month", () => {
    const now = new Date("2026-11-24T05:30:00Z");
    const day = rangeBuckets("day", now);
    expect(day.keys).toHaveLength(24);
    expect(day.from.toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(day.keys[5]).toBe("2026-11-24T05");
    const week = rangeBuckets("week", now);
    expect(week.keys).toEqual([
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
    ]);
    expect(rangeBuckets("month", now).keys).toHaveLength(30);
    const year = rangeBuckets("year", now);
    expect(year.keys[0]).toBe("2025-12");
    expect(year.keys.at(-1)).toBe("2026-11");
  });

  it("draws one user's requests, tokens, errors and TTFT per day from the ledger, by model and vendor", async () => {
    const visitor = await admin();
    const userId = await t.createUser();
    const now = Date.now();
    await usage(userId, new Date(now - 60_000), { tokens: 50, ttft: 200 });
    await usage(userId, new Date(now - 120_000), { status: "error", tokens: 0, ttft: 400, vendor: "novita" });
    await usage(userId, new Date(now - 3 * 86_400_000), { model: "gemma-3-27b-it" });
    await usage(userId, new Date(now - 40 * 86_400_000)); // outside the week
    const page = await load(routes.user, `/admin/users/${userId}?range=week`, visitor, { userId });
    const body = page.body as {
      range: string;
      usage: {
        total: Record<string, number>;
        points: { bucket: string; requests: number; ttftMs: number | null }[];
        byModel: { key: string; requests: number }[];
        byVendor: { key: string; errors: number }[];
      };
    };
    expect(body.range).toBe("week");
    expect(body.usage.total).toEqual({ requests: 3, tokens: 100 + 0 + 20, errors: 1 });
    const today = body.usage.points.at(-1)!;
    expect(today.bucket).toBe(new Date(now).toISOString().slice(0, 10));
    expect(today).toMatchObject({ requests: 2, ttftMs: 300 });
    expect(body.usage.byModel.find((row) => row.key === "gemma-3-27b-it")?.requests).toBe(1);
    expect(body.usage.byVendor.find((row) => row.key === "novita")?.errors).toBe(1);
    const year = await load(routes.user, `/admin/users/${userId}?range=year`, visitor, { userId });
    expect((year.body as { usage: { total: { requests: number } } }).usage.total.requests).toBe(4);
  });

  it("is honestly empty for a user with no requests, and answers a bad range 400", async () => {
    const visitor = await admin();
    const userId = await t.createUser();
    const page = await load(routes.user, `/admin/users/${userId}?range=day`, visitor, { userId });
    const body = page.body as { usage: { total: Record<string, number>; points: { requests: number }[] } };
    expect(body.usage.total).toEqual({ requests: 0, tokens: 0, errors: 0 });
    expect(body.usage.points).toHaveLength(24);
    expect(body.usage.points.every((point) => point.requests === 0)).toBe(true);
    expect((await load(routes.analytics, "/admin/analytics?range=decade", visitor)).status).toBe(400);
  });

  it("adds every user's usage on the analytics screen, with the user's e-mail in the by-user table", async () => {
    const visitor = await admin();
    const userId = await t.createUser();
    for (let i = 0; i < 12; i++) await usage(userId, new Date(Date.now() - i * 1000));
    const page = await load(routes.analytics, "/admin/analytics?range=day", visitor);
    const body = page.body as { usage: { byUser: { key: string; label: string; requests: number }[] } };
    expect(body.usage.byUser[0]).toMatchObject({ key: userId, label: await emailOf(userId), requests: 12 });
  });
});

describe("the Logs screen", () => {
  it("shows security events only, filterable, and refuses a filter outside them", async () => {
    const visitor = await admin();
    const target = await t.createUser();
    await act(routes.roles, "/admin/roles", visitor, { email: await emailOf(target), role: "admin" });
    await act(routes.models, "/admin/api-models", visitor, modelForm("logs-model"));
    const page = await load(routes.logs, "/admin/logs", visitor);
    const actions = (page.body as { entries: { action: string; targetId: string }[] }).entries.map(
      (e) => e.action,
    );
    expect(actions).toContain("admin.grant");
    expect(actions).not.toContain("model.create");
    const filtered = await load(routes.logs, "/admin/logs?action=admin.grant", visitor);
    expect(
      (filtered.body as { entries: { action: string }[] }).entries.every((e) => e.action === "admin.grant"),
    ).toBe(true);
    expect((await load(routes.logs, "/admin/logs?action=model.create", visitor)).status).toBe(400);
  });
});
