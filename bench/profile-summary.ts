/**
 * Where a process spent its time, from a .cpuprofile written by `npm run bench -- --profile DIR`:
 * `tsx bench/profile-summary.ts DIR/web-123.cpuprofile [top]`. Self time by function and by file.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0)
    return url
      .slice(modules + "node_modules/".length)
      .split("/")
      .slice(0, 2)
      .join("/");
  return url.replace(/^file:\/\/.*?\/(app|worker|db|scripts|build)\//, "$1/") || "(native)";
}

function top(totals: Map<string, number>, count: number, totalUs: number) {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, us]) =>
        `${(us / 1000).toFixed(0).padStart(8)} ms ${((us / totalUs) * 100).toFixed(1).padStart(5)}%  ${key}`,
    )
    .join("\n");
}

const OWN_CODE = /\/(app|worker|db|build\/server)\//;

/** Time under each of the project's own functions (app, worker, db, the server build), callees included:
 * which request handler or query helper the database and library time is spent for. */
function inclusiveAppTime(profile: Profile, byId: Map<number, ProfileNode>): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node)!.callFrame;
      if (!OWN_CODE.test(frame.url)) continue;
      const name = `${frame.functionName || "(anonymous)"}  ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  return totals;
}

function main() {
  const [file, count = "25"] = process.argv.slice(2);
  if (!file) throw new Error("usage: tsx bench/profile-summary.ts FILE.cpuprofile [top]");
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const delta = profile.timeDeltas[i] ?? 0;
    const where = shortUrl(frame.url);
    const name = `${frame.functionName || "(anonymous)"}  ${where}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    byFile.set(where, (byFile.get(where) ?? 0) + delta);
  });
  const totalUs = profile.endTime - profile.startTime;
  const inclusive = inclusiveAppTime(profile, byId);
  console.log(
    `${file}: ${(totalUs / 1e6).toFixed(1)} s profiled\n\nSelf time by function:\n${top(byFunction, Number(count), totalUs)}`,
  );
  console.log(`\nSelf time by file / package:\n${top(byFile, Number(count), totalUs)}`);
  console.log(
    `\nTotal time (self + callees) of the project's own functions:\n${top(inclusive, Number(count), totalUs)}`,
  );
}

main();
