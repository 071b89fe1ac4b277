import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "#db/database";
import { migrateToLatest } from "#db/migrate";
import { BUILT_IN_MODELS } from "#db/seed";
import { listModels, resolveModelId } from "./models.server";

const dir = mkdtempSync(path.join(tmpdir(), "rogue-models-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const builtInIds = BUILT_IN_MODELS.map((m) => m.model_id);

describe("the model list", () => {
  it("comes from ai_models in order, without the placeholder row", async () => {
    const db = createDatabase(`file:${path.join(dir, "ordered.db")}`);
    await migrateToLatest(db);
    const row = {
      icon_text: "X",
      size_label: "1B",
      description_items: "[]",
      is_new: 0,
      is_pro: 0,
      is_beta: 0,
      is_default: 0,
      supports_images: 0,
    } as const;
    await db
      .insertInto("ai_models")
      .values([
        { ...row, model_id: "second", display_name: "Second", order: 2 },
        { ...row, model_id: "dummy_preserve_table", display_name: "Dummy", order: 0 },
        { ...row, model_id: "first", display_name: "First", order: 1 },
      ])
      .execute();
    expect((await listModels(db)).map((m) => m.model_id)).toEqual(["first", "second"]);
    await db.destroy();
  });

  it("falls back to the built-in catalogue when the table is empty", async () => {
    const db = createDatabase(`file:${path.join(dir, "empty.db")}`);
    await migrateToLatest(db);
    expect((await listModels(db)).map((m) => m.model_id)).toEqual(builtInIds);
    await db.destroy();
  });

  it("falls back to the built-in catalogue when the table cannot be read", async () => {
    const db = createDatabase(`file:${path.join(dir, "unmigrated.db")}`);
    const models = await listModels(db);
    expect(models.map((m) => m.model_id)).toEqual(builtInIds);
    expect(resolveModelId(models, "no-such-model")).toBe("dolphin-mixtral-8x22b");
    await db.destroy();
  });
});
