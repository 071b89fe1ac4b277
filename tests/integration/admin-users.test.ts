/** The admin console's users screen: only an admin may act, every rule holds, and a ban takes effect at once. */
import { describe, expect, it } from "vitest";
import { completionStopKey } from "#contract/jobs";
import { args, get, outcome, post, visitorWith, type Visitor } from "../support/route-calls";
import { grantRoles, rowWhere } from "../support/rows";
import { setUpTestEnv, importAfterEnv } from "../support/test-env";

const t = setUpTestEnv();
const routes = importAfterEnv(async () => ({
  list: await import("~/routes/admin.users._index"),
  detail: await import("~/routes/admin.users.$userId"),
}));

const rolesOf = async (userId: string) =>
  (await t.db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute())
    .map((row) => row.role)
    .sort();
const userExists = async (userId: string) =>
  Boolean(await t.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst());
const emailOf = async (userId: string) =>
  (await t.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email;

const act = (visitor: Visitor | null, userId: string, form: Record<string, string>, headers = {}) =>
  outcome(() =>
    routes.detail.action(args(post(`/admin/users/${userId}`, visitor, form, headers), { userId })),
  );

/** Each action, the form that asks for it, and how to tell it happened. */
interface Action {
  name: string;
  form: (target: string) => Promise<Record<string, string>>;
  setUp?: (target: string) => Promise<void>;
  happened: (target: string) => Promise<boolean>;
}

/** Each role is granted by one intent and taken back by another (which starts from a user holding it). */
const roleActions = (
  [
    ["admin", "grant-admin", "revoke-admin"],
    ["banned", "ban", "unban"],
    ["restricted", "restrict", "unrestrict"],
  ] as const
).flatMap(([role, grant, revoke]): Action[] => [
  {
    name: grant.replace("-", " "),
    form: async () => ({ intent: grant }),
    happened: async (id) => (await rolesOf(id)).includes(role),
  },
  {
    name: revoke.replace("-", " "),
    form: async () => ({ intent: revoke }),
    setUp: (id) => grantRoles(t.db, id, [role]),
    happened: async (id) => !(await rolesOf(id)).includes(role),
  },
]);

const actions: Action[] = [
  ...roleActions,
  {
    name: "change plan",
    form: async () => ({ intent: "plan", plan: "professional" }),
    happened: async (id) =>
      (await t.db.selectFrom("users").select("plan").where("id", "=", id).executeTakeFirstOrThrow()).plan ===
      "professional",
  },
  {
    name: "delete",
    form: async (id) => ({ intent: "delete", confirm: await emailOf(id) }),
    happened: async (id) => !(await userExists(id)),
  },
];

const visitors: {
  name: string;
  make: () => Promise<Visitor | null>;
  expect: { status: number; location: RegExp };
}[] = [
  {
    name: "signed out",
    make: async () => null,
    expect: { status: 302, location: /^\/signin\?redirectTo=%2Fadmin$/ },
  },
  { name: "a plain user", make: () => visitorWith(t), expect: { status: 302, location: /^\/$/ } },
  {
    name: "a restricted user",
    make: () => visitorWith(t, ["restricted"]),
    expect: { status: 302, location: /^\/$/ },
  },
  {
    name: "a banned admin",
    make: () => visitorWith(t, ["admin", "banned"]),
    expect: { status: 302, location: /^\/signin/ },
  },
];

describe("who may act on a user", () => {
  for (const action of actions) {
    for (const visitor of visitors) {
      it(`${visitor.name} cannot ${action.name}`, async () => {
        const target = await t.createUser();
        await action.setUp?.(target);
        const answer = await act(await visitor.make(), target, await action.form(target));
        expect(answer.status).toBe(visitor.expect.status);
        expect(answer.headers.get("Location")).toMatch(visitor.expect.location);
        expect(await action.happened(target)).toBe(false);
      });
    }
    it(`an admin can ${action.name}, and it is in the audit log with their id and IP`, async () => {
      const admin = await visitorWith(t, ["admin"]);
      const target = await t.createUser();
      await action.setUp?.(target);
      const answer = await act(admin, target, await action.form(target));
      expect(answer.status).toBe(302);
      expect(await action.happened(target)).toBe(true);
      const entry = await rowWhere(t.db, "audit_log", "target_id", target);
      expect(entry).toMatchObject({ actor_user_id: admin.userId, target_type: "user", ip: "127.0.0.1" });
    });
  }
});

describe("posting to the users screen", () => {
  it("refuses a cross-site post with 403 and changes nothing", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await t.createUser();
    for (const headers of [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }]) {
      const answer = await act(admin, target, { intent: "ban" }, headers);
      expect(answer.status).toBe(403);
    }
    expect(await rolesOf(target)).toEqual([]);
  });

  it("answers a tampered id 404 and an unknown one 404, never 500", async () => {
    const admin = await visitorWith(t, ["admin"]);
    expect((await act(admin, "../../etc", { intent: "ban" })).status).toBe(404);
    expect((await act(admin, "00000000-0000-7000-8000-000000000000", { intent: "ban" })).status).toBe(404);
    const page = await outcome(() =>
      routes.detail.loader(args(get("/admin/users/nope", admin), { userId: "nope" })),
    );
    expect(page.status).toBe(404);
  });

  it("answers an unknown intent or plan 400", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await t.createUser();
    expect((await act(admin, target, { intent: "promote" })).status).toBe(400);
    expect((await act(admin, target, { intent: "plan", plan: "gold" })).status).toBe(400);
  });

  it("does not delete without the e-mail typed to confirm", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await t.createUser();
    const answer = await act(admin, target, { intent: "delete", confirm: "someone@else.test" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      toast: { title: "Deletion Failed", description: "Type the user's e-mail to confirm." },
    });
    expect(await userExists(target)).toBe(true);
  });

  it("an admin cannot remove their own admin role, delete or ban themself", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const revoke = await act(admin, admin.userId, { intent: "revoke-admin" });
    expect(revoke).toMatchObject({
      status: 409,
      body: {
        toast: { title: "Permission Change Failed", description: "You cannot remove your own admin role." },
      },
    });
    const remove = await act(admin, admin.userId, { intent: "delete", confirm: await emailOf(admin.userId) });
    expect(remove.status).toBe(409);
    expect((await act(admin, admin.userId, { intent: "ban" })).status).toBe(409);
    expect(await rolesOf(admin.userId)).toEqual(["admin"]);
  });

  it("a ban signs the user out everywhere and stops their streaming replies", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await visitorWith(t);
    const { completionId } = await t.createCompletion(target.userId, "hello");
    expect((await act(admin, target.userId, { intent: "ban" })).status).toBe(302);
    expect(
      await t.db.selectFrom("sessions").select("id").where("user_id", "=", target.userId).execute(),
    ).toEqual([]);
    expect(await t.redis.get(completionStopKey(completionId))).toBe("1");
  });

  it("deleting a user removes their roles, sessions and chats in one go", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await visitorWith(t, ["restricted"]);
    await t.createCompletion(target.userId, "hello");
    expect(
      (await act(admin, target.userId, { intent: "delete", confirm: await emailOf(target.userId) })).status,
    ).toBe(302);
    for (const table of ["user_roles", "sessions", "chat_history", "completions"] as const) {
      expect(
        await t.db.selectFrom(table).select("user_id").where("user_id", "=", target.userId).execute(),
      ).toEqual([]);
    }
  });
});

describe("the users list", () => {
  it("finds a user by e-mail prefix and by id, with roles and request count", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await visitorWith(t, ["restricted"]);
    await t.createCompletion(target.userId, "hello");
    const email = await emailOf(target.userId);
    for (const q of [email.slice(0, 30), target.userId]) {
      const answer = await outcome(() =>
        routes.list.loader(args(get(`/admin/users?q=${encodeURIComponent(q)}`, admin))),
      );
      expect(answer.status).toBe(200);
      const { users } = answer.body as { users: { id: string; isRestricted: boolean; apiUsage: number }[] };
      expect(users).toEqual([
        expect.objectContaining({ id: target.userId, isRestricted: true, apiUsage: 1 }),
      ]);
    }
  });

  it("pages newest first with a cursor, and answers a tampered cursor 400", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const first = await outcome(() => routes.list.loader(args(get("/admin/users", admin))));
    const body = first.body as { users: { id: string }[]; nextCursor: string | null };
    expect(body.users.length).toBeGreaterThan(0);
    const bad = await outcome(() =>
      routes.list.loader(args(get("/admin/users?after=%27%20or%201%3D1", admin))),
    );
    expect(bad.status).toBe(400);
  });

  it("is not shown to a plain user", async () => {
    const plain = await visitorWith(t);
    const answer = await outcome(() => routes.list.loader(args(get("/admin/users", plain))));
    expect(answer).toMatchObject({ status: 302 });
    expect(answer.headers.get("Location")).toBe("/");
  });
});

describe("asking before a ban, a restriction or a new admin (the no-JavaScript path)", () => {
  const ask = async (admin: Visitor, userId: string, query: string) => {
    const answer = await outcome(() =>
      routes.detail.loader(args(get(`/admin/users/${userId}?${query}`, admin), { userId })),
    );
    return (answer.body as { confirm: unknown }).confirm;
  };

  it("shows the question on the user's page and changes nothing until Confirm posts", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await t.createUser();
    for (const intent of ["ban", "restrict", "grant-admin"])
      expect(await ask(admin, target, `confirm=${intent}&redirectTo=%2Fadmin%2Fusers%3Fq%3Dtess`)).toEqual({
        intent,
        redirectTo: "/admin/users?q=tess",
      });
    expect(await rolesOf(target)).toEqual([]);
  });

  it("asks nothing for other changes, and goes back only within the console", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await t.createUser();
    expect(await ask(admin, target, "confirm=unban")).toBeNull();
    expect(await ask(admin, target, "confirm=delete")).toBeNull();
    expect(await ask(admin, target, "confirm=ban&redirectTo=https%3A%2F%2Fevil.example")).toEqual({
      intent: "ban",
      redirectTo: "/admin/users",
    });
    expect(await ask(admin, target, "confirm=ban&redirectTo=%2Fchat")).toEqual({
      intent: "ban",
      redirectTo: "/admin/users",
    });
  });
});

describe("the users list's search form", () => {
  it("takes the empty 'Any' role the form sends", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const answer = await outcome(() => routes.list.loader(args(get("/admin/users?q=&role=", admin))));
    expect(answer.status).toBe(200);
  });
});

describe("the activity screen", () => {
  it("lists admin actions newest first with actor, target and IP, filtered by event", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await t.createUser();
    await act(admin, target, { intent: "restrict" });
    const activity = await import("~/routes/admin.activity");
    const answer = await outcome(() =>
      activity.loader(args(get(`/admin/activity?action=user.restrict&target=${target}`, admin))),
    );
    expect(answer.status).toBe(200);
    const { entries } = answer.body as { entries: Record<string, unknown>[] };
    expect(entries).toEqual([
      expect.objectContaining({
        action: "user.restrict",
        targetId: target,
        targetUser: { name: "Tess", email: await emailOf(target) },
        ip: "127.0.0.1",
        actorEmail: await emailOf(admin.userId),
      }),
    ]);
  });

  it("shows an IPv4 client of an older row, stored IPv4-mapped, as its IPv4 address", async () => {
    const admin = await visitorWith(t, ["admin"]);
    const target = await t.createUser();
    const { recordAudit } = await import("~/modules/admin/audit.server");
    await recordAudit(t.db, {
      actorUserId: admin.userId,
      action: "user.ban",
      targetType: "user",
      targetId: target,
      ip: "::ffff:203.0.113.5",
    });
    const activity = await import("~/routes/admin.activity");
    const answer = await outcome(() => activity.loader(args(get(`/admin/activity?target=${target}`, admin))));
    expect((answer.body as { entries: Record<string, unknown>[] }).entries).toEqual([
      expect.objectContaining({
        ip: "203.0.113.5",
        targetUser: { name: "Tess", email: await emailOf(target) },
      }),
    ]);
  });

  it("answers an unknown event filter 400 and is not shown to a plain user", async () => {
    const activity = await import("~/routes/admin.activity");
    const admin = await visitorWith(t, ["admin"]);
    expect(
      (await outcome(() => activity.loader(args(get("/admin/activity?action=drop", admin))))).status,
    ).toBe(400);
    const plain = await visitorWith(t);
    const denied = await outcome(() => activity.loader(args(get("/admin/activity", plain))));
    expect(denied.headers.get("Location")).toBe("/");
  });
});
