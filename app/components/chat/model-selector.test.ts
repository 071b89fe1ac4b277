import { describe, expect, it } from "vitest";
import type { ModelOption } from "~/modules/models/models.server";
import { badgeLabels } from "./model-selector";

const model = (id: string, flags: Partial<ModelOption> = {}): ModelOption => ({
  id,
  name: id,
  icon: "",
  size: "",
  description: [],
  isNew: false,
  isPro: false,
  isBeta: false,
  isDefault: false,
  supportsImages: false,
  allowed: true,
  vendor: null,
  ...flags,
});

describe("a model's badges", () => {
  it("show NEW only where it tells models apart", () => {
    const fresh = model("fresh", { isNew: true, isPro: true, supportsImages: true });
    expect(badgeLabels(fresh, [fresh, model("old")])).toEqual(["NEW", "PRO", "Images"]);
    const allNew = [fresh, model("also-new", { isNew: true, isDefault: true })];
    expect(badgeLabels(fresh, allNew)).toEqual(["PRO", "Images"]);
    expect(badgeLabels(allNew[1]!, allNew)).toEqual(["DEFAULT"]);
  });
});
