/** Axe on what a user can see: no serious or critical violation, on the page or on `only` within it. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

const EXPERIMENTAL_RULES = ["label-content-name-mismatch"];

export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  only?: string,
  skipRules: string[] = [],
) {
  // Contrast is judged on what is painted: a dialog or toast still fading in is half transparent, so wait
  // until nothing on the page is animating (the CI run on a loaded machine caught axe mid-fade once).
  // Endless ones (a spinner) never finish and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Plus the rules axe still calls experimental that a user meets: a link's visible words must be in its name,
  // or a speech user saying what they see cannot follow it (the logo's "R" was missing from its label).
  const rules = Object.fromEntries([
    ...EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }]),
    ...skipRules.map((rule) => [rule, { enabled: false }]),
  ]);
  const builder = new AxeBuilder({ page }).options({ rules });
  const results = await (only ? builder.include(only) : builder).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
  expect(serious, `axe on ${where}`).toEqual([]);
}
