/**
 * docs/benchmark-results.md holds one generated block per scenario, between `<!-- bench:<id>:start -->` and
 * `<!-- bench:<id>:end -->` (docs/benchmarks.md is the hand-written guide to them). A run replaces only the
 * blocks of the scenarios it ran, so a `--scenario fallback` run keeps the other results (each block names the
 * run that made it).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as prettier from "prettier";
import type { ScenarioReport } from "./report";
import { renderMarkdown } from "./report";

const ROOT = path.resolve(import.meta.dirname, "..");
export const DOC_PATH = path.join(ROOT, "docs/benchmark-results.md");

const SKELETON = `# Benchmark results

Written by \`npm run bench\`, which rewrites each scenario's block between its markers.
`;

function git(args: string[]): string {
  try {
    return execFileSync("git", args, {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "";
  }
}

/** Facts about the machine and the code that the numbers depend on. */
export function machineFacts(extra: string[]): string[] {
  const commit = git(["rev-parse", "--short", "HEAD"]);
  // The benchmark's own files are not the code under test.
  const dirty = git([
    "status",
    "--porcelain",
    "--",
    "app",
    "worker",
    "db",
    "platform",
    "contract",
    "server",
    "scripts",
  ])
    ? " with uncommitted changes"
    : "";
  const memoryGiB = os.totalmem() / 1024 ** 3;
  return [
    `nproc ${os.availableParallelism()} (${os.cpus()[0]?.model ?? "unknown CPU"}), ${memoryGiB.toFixed(0)} GiB RAM`,
    `Node ${process.version}, Linux ${os.release()}`,
    `code: ${commit || "unknown commit"}${dirty}`,
    ...extra,
  ];
}

export async function writeResults(
  reports: ScenarioReport[],
  run: { date: string; command: string; facts: string[] },
) {
  let doc = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, "utf8") : SKELETON;
  for (const report of reports) {
    const start = `<!-- bench:${report.id}:start -->`;
    const end = `<!-- bench:${report.id}:end -->`;
    const heading = [`Run ${run.date}: \`${run.command}\``, "", ...run.facts.map((fact) => `- ${fact}`)];
    const block = `${start}\n${renderMarkdown(report, heading)}\n${end}`;
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    doc =
      from >= 0 && to > from
        ? `${doc.slice(0, from)}${block}${doc.slice(to + end.length)}`
        : `${doc.trimEnd()}\n\n${block}\n`;
  }
  // Formatted as `npm run lint` (prettier --check .) expects, so a run never leaves the tree failing lint.
  const options = (await prettier.resolveConfig(DOC_PATH)) ?? {};
  writeFileSync(DOC_PATH, await prettier.format(doc, { ...options, filepath: DOC_PATH }));
}
