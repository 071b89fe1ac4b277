/** How a shared chat's messages are labelled on the public page (docs/product.md §6). */
import { describe, expect, it } from "vitest";
import { builtInModelRows } from "#db/seed";
import { sharedMessages, type SharedChat } from "./shares.server";

const at = "2026-11-28T07:25:58.000Z";
const message = (
  role: SharedChat["messages"][number]["role"],
  model_id: string | null,
  attachments: string[] = [],
) => ({
  role,
  content: `${role} text`,
  model_id,
  vendor: model_id ? "together" : null,
  created_at: at,
  attachments,
});

describe("a shared chat's messages", () => {
  it("label a reply with its model's catalogue name, not its id", () => {
    const shown = sharedMessages(
      [message("user", null, ["notes.md"]), message("assistant", "dolphin-mixtral-8x22b")],
      builtInModelRows(),
    );
    expect(shown).toEqual([
      { role: "user", content: "user text", model: null, attachments: ["notes.md"] },
      { role: "assistant", content: "assistant text", model: "Dolphin Mixtral 8x22B", attachments: [] },
    ]);
  });

  it("label a reply whose model has left the catalogue with the id it was written by", () => {
    const [reply] = sharedMessages([message("assistant", "retired-model-7b")], builtInModelRows());
    expect(reply?.model).toBe("retired-model-7b");
  });

  it("name no model for the user's messages, nor for a reply stored without one", () => {
    const shown = sharedMessages(
      [message("user", "dolphin-mixtral-8x22b"), message("assistant", null)],
      builtInModelRows(),
    );
    expect(shown.map((m) => m.model)).toEqual([null, null]);
  });
});
