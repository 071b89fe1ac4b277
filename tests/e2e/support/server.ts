/**
 * The server the browser tests run against (Playwright's `webServer`): a throwaway data folder, the mock vendor
 * in this process with every vendor pointed at it, then the whole stack as `npm start` runs it (private Redis
 * unless REDIS_URL is set, migrations, seed, build if needed, web and worker). SIGTERM/SIGINT stop it all and
 * remove the data folder.
 *
 * Playwright stops a web server by signalling its whole process group. Were the stack in that group, Redis
 * would die at the same moment as the web and worker still using it. So this process only supervises: the
 * stack runs in a child of its own process group, which stops web and worker first, then Redis.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MOCK_VENDORS, startMockVendor, type MockVendor } from "#scripts/mock-vendor";
import { startTestSmtp, type TestSmtp } from "#tests/support/smtp";
import { startTestOidcProvider, TEST_CLIENT, type TestOidcProvider } from "#tests/support/oidc-provider";
import { createDatabase } from "#db/database";
import { insertSsoProvider } from "#db/sso-providers";
import { migrateToLatest } from "#db/migrate";
import { startStack, type Stack } from "#server/stack";
import { ADMIN, BASE_URL, E2E_PORT, MOCK_PORT, RUN_STATE_FILE, SSO, type RunState } from "./env";

const ROLE_VARIABLE = "E2E_SERVER_ROLE";
const log = (message: string) => console.log(`[e2e-server] ${message}`);

/** Every stop signal is handled (a group signal and the relays of npx and tsx can all arrive), once. */
function onStopSignal(handler: () => void) {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    handler();
  };
  process.on("SIGTERM", once);
  process.on("SIGINT", once);
}

/** Once Playwright is gone nobody reads our output: a log line must not crash the shutdown with EPIPE. */
function ignoreClosedOutput() {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
}

/**
 * Playwright holds the other end of our stdin, which ends when the runner dies without stopping its web
 * server (as it does when it is itself killed with SIGTERM or SIGKILL).
 */
function whenRunnerGone(handler: () => void) {
  if (process.stdin.isTTY) return;
  process.stdin.on("end", handler).on("error", handler).resume();
}

function supervise() {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename], {
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, [ROLE_VARIABLE]: "stack" },
  });
  const stopChild = () => child.kill("SIGTERM");
  onStopSignal(stopChild);
  ignoreClosedOutput();
  whenRunnerGone(stopChild);
  child.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function runStack() {
  // Short and under /tmp: the private Redis listens on a unix socket in here, and those paths max out near 100.
  const dataDir = mkdtempSync("/tmp/rogue-e2e-");
  let mock: MockVendor | undefined;
  let smtp: TestSmtp | undefined;
  let oidc: TestOidcProvider | undefined;
  let stack: Stack | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (code: number) => {
    stopping ??= (async () => {
      log("stopping...");
      await stack?.stop().catch((error: unknown) => console.error(error));
      await mock?.close().catch((error: unknown) => console.error(error));
      await smtp?.close().catch((error: unknown) => console.error(error));
      await oidc?.close().catch((error: unknown) => console.error(error));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(RUN_STATE_FILE, { force: true });
      process.exit(code);
    })();
  };
  onStopSignal(() => stop(0));
  ignoreClosedOutput();
  // Outside Playwright's process group, nothing would stop this process were the supervisor killed outright.
  const supervisor = process.ppid;
  setInterval(() => process.ppid !== supervisor && stop(1), 1_000).unref();

  try {
    mock = await startMockVendor({ port: MOCK_PORT });
    // The app's mail goes to an SMTP server in this process; each mail is a file the tests read.
    const mailDir = path.join(dataDir, "mail");
    mkdirSync(mailDir);
    let mails = 0;
    smtp = await startTestSmtp((mail) =>
      writeFileSync(path.join(mailDir, `${String(++mails).padStart(6, "0")}.json`), JSON.stringify(mail)),
    );
    // A real OpenID provider for single sign-on, and one nobody answers at (a provider that is down).
    oidc = await startTestOidcProvider([`${BASE_URL}/auth/${SSO.working.slug}/callback`]);
    const down = await startTestOidcProvider([]);
    const downIssuer = down.issuer;
    await down.close();
    // The tests must see this run's database only, whatever the shell that started them points at.
    delete process.env.DATABASE_URL;
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      PORT: String(E2E_PORT),
      QUEUE_PREFIX: `e2e-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: process.env.APP_SECRET ?? randomBytes(32).toString("hex"),
      // Every test signs up from 127.0.0.1; the limits themselves are tested apart.
      // Every test signs in from 127.0.0.1: the per-IP limits would count the whole suite as one visitor.
      SIGNIN_FAILURES_PER_IP: "100000",
      SIGNUPS_PER_HOUR: "100000",
      DEMOS_PER_HOUR: "100000",
      PASSWORD_RESETS_PER_HOUR: "100000",
      SSO_ATTEMPTS_PER_IP: "100000",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Rogue AI <noreply@e2e.test>",
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      // A small file limit, so the oversize-file test does not push megabytes through the browser.
      ATTACHMENT_FILE_BYTES: "100000",
    });
    for (const vendor of MOCK_VENDORS) {
      process.env[`VENDOR_${vendor.toUpperCase()}_URL`] = mock.endpoint(vendor);
      process.env[`VENDOR_${vendor.toUpperCase()}_KEY`] = "e2e-key";
    }

    const state: RunState = {
      dataDir,
      dbFile: path.join(dataDir, "app.db"),
      mockUrl: mock.url,
      mailDir,
      oidcIssuer: oidc.issuer,
    };
    mkdirSync(path.dirname(RUN_STATE_FILE), { recursive: true });
    writeFileSync(RUN_STATE_FILE, JSON.stringify(state, null, 2));

    // Migrated here (the stack then finds nothing to do), so the providers exist before the app answers.
    const db = createDatabase(`file:${state.dbFile}`);
    await migrateToLatest(db);
    for (const [provider, issuerUrl] of [
      [SSO.working, oidc.issuer],
      [SSO.down, downIssuer],
    ] as const)
      await insertSsoProvider(
        db,
        {
          slug: provider.slug,
          kind: "oidc",
          displayName: provider.displayName,
          issuerUrl,
          clientId: TEST_CLIENT.id,
          clientSecret: TEST_CLIENT.secret,
          scopes: "openid email profile",
        },
        process.env.APP_SECRET!,
      );
    await db.destroy();
    stack = await startStack({
      persistentRedis: false,
      log,
      onUnexpectedExit: (name, code) => {
        log(`${name} exited unexpectedly (code ${code})`);
        stop(1);
      },
    });
    log(`ready on ${stack.url} (data in ${dataDir}, mock vendor on ${mock.url})`);
  } catch (error) {
    console.error(error);
    stop(1);
  }
}

if (process.env[ROLE_VARIABLE] === "stack")
  runStack().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
else supervise();
