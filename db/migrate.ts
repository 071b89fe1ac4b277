import { Migrator, type Migration } from "kysely";
import type { Db } from "./database";
import * as initial from "./migrations/0001_initial";
import * as chatFeatures from "./migrations/0002_chat_features";
import * as checkout from "./migrations/0004_checkout";

/** Migrations are imported, not read from disk, so the same code runs from source, a bundle or an image. */
const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_chat_features": chatFeatures,
  "0004_checkout": checkout,
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
