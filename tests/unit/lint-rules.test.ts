/** The lint rules that keep the folder map honest really fire (and do not fire on what is allowed). */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

describe("the import boundary between the web and the worker", () => {
  it.each([
    ["app/modules/example.server.ts", 'export { completionProcessor } from "#worker/processor";\n'],
    ["app/modules/example.server.ts", 'export { vendorAdapters } from "../../worker/vendors/index";\n'],
    ["db/example.ts", 'export { completionProcessor } from "#worker/processor";\n'],
    ["platform/example.ts", 'export { checkVendor } from "#worker/vendor-check";\n'],
  ])("refuses %s importing a worker internal", async (file, code) => {
    expect(await ruleIds(file, code)).toContain("no-restricted-imports");
  });

  it.each([
    ["app/modules/example.server.ts", 'export { COMPLETION_QUEUE } from "#worker/jobs";\n'],
    ["db/example.ts", 'export { isActive } from "#worker/lifecycle";\n'],
    ["worker/example.ts", 'export { completionProcessor } from "./processor";\n'],
    ["scripts/example.ts", 'export { completionProcessor } from "#worker/processor";\n'],
  ])("allows %s its import", async (file, code) => {
    expect(await ruleIds(file, code)).not.toContain("no-restricted-imports");
  });
});

describe("logging goes through the logger", () => {
  it.each(["app/modules/example.server.ts", "worker/example.ts", "db/example.ts", "platform/example.ts"])(
    "refuses console in %s",
    async (file) => {
      expect(await ruleIds(file, 'console.log("hello");\n')).toContain("no-console");
    },
  );
});
