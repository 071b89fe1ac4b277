/**
 * The database an integration test file runs on. SQLite by default (a file in the test's data folder);
 * with TEST_DATABASE=postgres, a fresh PostgreSQL database on DATABASE_TEST_POSTGRES_URL's server, dropped
 * when the file is done. The suite runs both ways in `npm test`, so every query is proved on both dialects.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

export const POSTGRES_ADMIN_URL =
  process.env.DATABASE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect().catch((error: unknown) => {
    throw new Error(
      `The PostgreSQL run of the integration suite needs a PostgreSQL server at ${POSTGRES_ADMIN_URL} ` +
        `(set DATABASE_TEST_POSTGRES_URL to another one): ${(error as Error).message}`,
    );
  });
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(
  dataDir: string,
  dialect: "sqlite" | "postgres" = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite",
): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    return { url: `file:${path.join(dataDir, "app.db")}`, drop: async () => undefined };
  }
  const name = `rogue_it_${randomBytes(6).toString("hex")}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
