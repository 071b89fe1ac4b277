/**
 * Sign-in, sign-up and demo limits through the routes' actions, with real Redis counts: attempts are taken
 * before a password is checked, so parallel requests cannot get past the limit.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestEnv, importAfterEnv } from "../support/test-env";

// Not the default (20), so the test proves the setting is read.
const SIGNIN_FAILURES_PER_IP = 12;
const SIGNUPS_PER_HOUR = 3;
const DEMOS_PER_HOUR = 2;

const t = setUpTestEnv();
beforeAll(() => {
  Object.assign(process.env, {
    SIGNIN_FAILURES_PER_IP: String(SIGNIN_FAILURES_PER_IP),
    SIGNUPS_PER_HOUR: String(SIGNUPS_PER_HOUR),
    DEMOS_PER_HOUR: String(DEMOS_PER_HOUR),
  });
});
const signin = importAfterEnv(() => import("~/routes/_public.signin"));
const signup = importAfterEnv(() => import("~/routes/_public.signup"));
const users = importAfterEnv(() => import("~/modules/auth/users.server"));
const limits = importAfterEnv(() => import("~/modules/auth/rate-limit.server"));

const ip = () => `10.${randomBytes(3).join(".")}`;
const email = () => `limits-${randomBytes(5).toString("hex")}@example.test`;

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
}

async function statusOf(result: unknown): Promise<number> {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: { status?: number } }).init;
  return init?.status ?? 200;
}

async function attemptSignin(fields: Record<string, string>, clientIp: string) {
  try {
    return await statusOf(
      await signin.action({ request: post("/signin", fields), context: { clientIp }, params: {} }),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const countUsers = () =>
  t.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

describe("sign-in limits under concurrency", () => {
  it("200 parallel attempts on one account from one IP check at most the account's limit of passwords", async () => {
    const account = { email: email(), password: "correct-horse-battery", name: "Target" };
    await users.createUser(t.db, account);
    const attempts = Array.from({ length: 200 }, (_, i) => ({
      email: account.email,
      password: i === 199 ? account.password : `wrong-${i}`,
    }));
    // The account's limit (5) is below the IP's (12): it is the one in play.
    const clientIp = ip();
    const statuses = await Promise.all(attempts.map((fields) => attemptSignin(fields, clientIp)));
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(limits.MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      200 - limits.MAX_FAILURES_PER_ACCOUNT,
    );
  });

  it("200 parallel attempts from one IP on many accounts check at most the IP's limit", async () => {
    const clientIp = ip();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => attemptSignin({ email: email(), password: "guess-guess" }, clientIp)),
    );
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(SIGNIN_FAILURES_PER_IP);
  });

  it("wrong passwords from one source never lock the account's owner out from another", async () => {
    const account = { email: email(), password: "owners-own-password", name: "Owner" };
    await users.createUser(t.db, account);
    const attacker = ip();
    for (let i = 0; i < limits.MAX_FAILURES_PER_ACCOUNT; i++) {
      expect(await attemptSignin({ email: account.email, password: `guess-${i}` }, attacker)).toBe(401);
    }
    expect(await attemptSignin(account, attacker)).toBe(429);
    expect(await attemptSignin(account, ip())).toBe(302);
  });

  it("a correct password gives the attempt back: signing in again and again is never limited", async () => {
    const account = { email: email(), password: "another-long-password", name: "Regular" };
    await users.createUser(t.db, account);
    const clientIp = ip();
    for (let i = 0; i < limits.MAX_FAILURES_PER_ACCOUNT + 2; i++) {
      expect(await attemptSignin(account, clientIp)).toBe(302);
    }
  });
});

describe("sign-up and demo limits", () => {
  it(`lets one IP create ${SIGNUPS_PER_HOUR} accounts an hour, then answers 429 with the catalogue's text`, async () => {
    const clientIp = ip();
    const results = [];
    for (let i = 0; i <= SIGNUPS_PER_HOUR; i++) {
      const fields = {
        name: "New Person",
        email: email(),
        password: "a-long-enough-password",
        redirectTo: "/",
      };
      results.push(
        await signup.action({ request: post("/signup", fields), context: { clientIp }, params: {} }),
      );
    }
    const statuses = await Promise.all(results.map(statusOf));
    expect(statuses).toEqual([...Array<number>(SIGNUPS_PER_HOUR).fill(302), 429]);
    expect(JSON.stringify(results.at(-1))).toContain(
      "Too many accounts were created from here. Please try again later.",
    );
  });

  it("a taken e-mail takes as long to answer as a real sign-up, and costs a sign-up attempt", async () => {
    const taken = { name: "Taken", email: email(), password: "a-long-enough-password", redirectTo: "/" };
    await users.createUser(t.db, taken);
    const attempt = async (fields: Record<string, string>, clientIp = ip()) => {
      const started = performance.now();
      const status = await statusOf(
        await signup.action({ request: post("/signup", fields), context: { clientIp }, params: {} }),
      );
      return { status, ms: performance.now() - started };
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    await attempt({ ...taken, email: email() }); // warm-up: the first hash loads argon2
    const probes: number[] = [];
    const signups: number[] = [];
    for (let i = 0; i < 5; i++) {
      const probe = await attempt(taken);
      const fresh = await attempt({ ...taken, email: email() });
      expect([probe.status, fresh.status]).toEqual([409, 302]);
      probes.push(probe.ms);
      signups.push(fresh.ms);
    }
    // The password is hashed before the e-mail is found taken: a probe is not measurably faster than a
    // sign-up (without the hash it would answer in a few per cent of the time).
    expect(median(probes)).toBeGreaterThan(median(signups) / 2);

    // Probes use up an IP's sign-ups like real ones.
    const clientIp = ip();
    for (let i = 0; i < SIGNUPS_PER_HOUR; i++) expect((await attempt(taken, clientIp)).status).toBe(409);
    expect((await attempt({ ...taken, email: email() }, clientIp)).status).toBe(429);
  });

  it("GET /signin?demo=true creates nothing and offers the demo", async () => {
    const before = await countUsers();
    const data = await signin.loader({
      request: new Request("http://localhost/signin?demo=true"),
      context: { clientIp: ip() },
      params: {},
    });
    expect(data).toMatchObject({ autoStartDemo: true, redirectTo: "/chat" });
    expect(await countUsers()).toBe(before);
  });

  it(`lets one IP start ${DEMOS_PER_HOUR} demos an hour, then answers 429`, async () => {
    const clientIp = ip();
    const before = await countUsers();
    const statuses = [];
    for (let i = 0; i <= DEMOS_PER_HOUR; i++) {
      const fields = { intent: "demo", redirectTo: "/chat" };
      statuses.push(
        await statusOf(
          await signin.action({ request: post("/signin", fields), context: { clientIp }, params: {} }),
        ),
      );
    }
    expect(statuses).toEqual([...Array<number>(DEMOS_PER_HOUR).fill(302), 429]);
    expect(await countUsers()).toBe(before + DEMOS_PER_HOUR);
  });
});
