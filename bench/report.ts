/** What a scenario reports, and how it is shown: aligned text on the console, GFM tables in the doc. */
import { ms, subtract, type Summary } from "./stats";

export interface Target {
  name: string;
  target: string;
  measured: string;
  met: boolean;
}

export interface Table {
  title: string;
  header: string[];
  rows: string[][];
}

export interface ScenarioReport {
  id:
    | "ttft"
    | "concurrent"
    | "fallback"
    | "landing"
    | "browser"
    | "scale"
    | "capacity"
    | "processes"
    | "rolling"
    | "soak"
    | "fairness"
    | "memory"
    | "long-chat"
    | "search"
    | "idle-memory";
  title: string;
  targets: Target[];
  tables: Table[];
  notes: string[];
}

const DIST_HEADER = ["", "n", "p50", "p90", "p99", "max"];

export const distRow = (label: string, summary: Summary): string[] => [
  label,
  String(summary.n),
  ms(summary.p50),
  ms(summary.p90),
  ms(summary.p99),
  ms(summary.max),
];

interface Difference {
  label: string;
  of: Summary;
  minus: Summary;
}

/** A table of distributions (ms), optionally ending with percentile-wise differences of two of them. */
export function distTable(
  title: string,
  rows: [string, Summary][],
  differences?: Difference | Difference[],
): Table {
  const body = rows.map(([label, summary]) => distRow(label, summary));
  for (const difference of [differences ?? []].flat()) {
    const d = subtract(difference.of, difference.minus);
    body.push([difference.label, "", ms(d.p50), ms(d.p90), ms(d.p99), ms(d.max)]);
  }
  return { title, header: DIST_HEADER, rows: body };
}

export function targetsTable(targets: Target[]): Table {
  return {
    title: "Targets",
    header: ["figure", "target", "measured", "verdict"],
    rows: targets.map((t) => [t.name, t.target, t.measured, t.met ? "met" : "MISSED"]),
  };
}

function consoleTable(table: Table): string {
  const all = [table.header, ...table.rows];
  const widths = table.header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [`  ${table.title}`, ...all.map((row) => `    ${line(row)}`)].join("\n");
}

export function renderConsole(report: ScenarioReport): string {
  return [
    `== ${report.title}`,
    consoleTable(targetsTable(report.targets)),
    ...report.tables.map(consoleTable),
    ...report.notes.map((note) => `  - ${note}`),
  ].join("\n\n");
}

function markdownTable(table: Table): string {
  const escape = (cell: string) => cell.replace(/\|/g, "\\|");
  const align = table.header.map((_, i) => (i === 0 ? "---" : "---:"));
  return [
    `**${table.title}**`,
    "",
    `| ${table.header.map(escape).join(" | ")} |`,
    `| ${align.join(" | ")} |`,
    ...table.rows.map((row) => `| ${row.map(escape).join(" | ")} |`),
  ].join("\n");
}

export function renderMarkdown(report: ScenarioReport, heading: string[]): string {
  return [
    `### ${report.title}`,
    "",
    ...heading,
    "",
    markdownTable(targetsTable(report.targets)),
    "",
    ...report.tables.flatMap((table) => [markdownTable(table), ""]),
    ...report.notes.map((note) => `- ${note}`),
  ].join("\n");
}
