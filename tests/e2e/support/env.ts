/** Settings shared by the config, the test server and the fixtures. */
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The administrator the test server creates at start. */
export const ADMIN = { email: "admin@e2e.test", password: "admin-password-1" } as const;

/** The identity providers the test server configures: its own OpenID provider, and one that is down. */
export const SSO = {
  working: { slug: "test-id", displayName: "Test ID" },
  down: { slug: "offline-id", displayName: "Offline ID" },
} as const;

/**
 * Where the test server tells the tests about its run (gitignored). One file per port, so runs on different
 * ports from the same checkout (E2E_PORT) never read each other's database.
 */
export const RUN_STATE_FILE = path.resolve(import.meta.dirname, `../.run/state-${E2E_PORT}.json`);

export interface RunState {
  dataDir: string;
  dbFile: string;
  mockUrl: string;
  /** Where the run's SMTP server keeps each mail it received, one JSON file per mail (tests/support/smtp.ts). */
  mailDir: string;
  /** The run's own OpenID provider (tests/support/oidc-provider.ts). */
  oidcIssuer: string;
}
