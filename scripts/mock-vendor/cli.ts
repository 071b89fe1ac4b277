/**
 * `npm run mock-vendor -- [--port 4010] [settings]`: the mock vendor alone. Every behaviour setting is a flag
 * named after the schema's key (`ttftMs` is `--ttft-ms 200`, `splitBytes` is `--split-bytes` or
 * `--no-split-bytes`) and is checked by that same schema, so a flag means what the HTTP control API means.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";
import { behaviourLayerSchema, behaviourSchema, MOCK_VENDORS, type BehaviourLayer } from "./faults";
import { startMockVendor } from "./server";

interface Setting {
  key: string;
  flag: string;
  kind: "boolean" | "number" | "string";
  /** What the flag takes, as help shows it: `<number>`, or an enum's values. */
  placeholder: string;
  description: string;
}

/** The zod type under a setting's default and optional wrappers. */
function baseType(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional)
    return baseType(schema._def.innerType as z.ZodTypeAny);
  return schema;
}

const SETTINGS: Setting[] = Object.entries(behaviourSchema.shape).map(
  ([key, schema]: [string, z.ZodTypeAny]) => {
    const base = baseType(schema);
    const kind = base instanceof z.ZodBoolean ? "boolean" : base instanceof z.ZodNumber ? "number" : "string";
    const placeholder = base instanceof z.ZodEnum ? (base.options as string[]).join("|") : kind;
    const flag = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    return { key, flag, kind, placeholder, description: schema.description ?? "" };
  },
);

const OPTIONS = Object.fromEntries([
  ["port", { type: "string", default: "4010" }],
  ["help", { type: "boolean" }],
  ...SETTINGS.flatMap(({ flag, kind }) =>
    kind === "boolean"
      ? [
          [flag, { type: "boolean" }],
          [`no-${flag}`, { type: "boolean" }],
        ]
      : [[flag, { type: "string" }]],
  ),
]) as Record<string, { type: "string" | "boolean"; default?: string }>;

export function usage(): string {
  const lines = SETTINGS.map(({ flag, kind, placeholder, description }) => {
    const form = kind === "boolean" ? `--[no-]${flag}` : `--${flag} <${placeholder}>`;
    return `  ${form}\n      ${description}`;
  });
  return [
    "Usage: npm run mock-vendor -- [--port 4010] [settings]",
    `Vendors: ${MOCK_VENDORS.join(", ")}. Settings (the defaults; a message's [[mock:{...}]] overrides them):`,
    ...lines,
  ].join("\n");
}

export interface CliOptions {
  port: number;
  defaults: BehaviourLayer;
  help: boolean;
}

/** Reads the flags; throws with every invalid flag named. */
export function parseCli(args: string[]): CliOptions {
  const { values } = parseArgs({ args, options: OPTIONS, strict: true });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid --port: ${values.port}`);
  const layer: Record<string, unknown> = {};
  for (const { key, flag, kind } of SETTINGS) {
    const value = values[flag];
    if (kind === "boolean") {
      if (value === true) layer[key] = true;
      if (values[`no-${flag}`] === true) layer[key] = false;
    } else if (typeof value === "string") layer[key] = kind === "number" ? Number(value) : value;
  }
  const parsed = behaviourLayerSchema.safeParse(layer);
  if (!parsed.success) {
    const flagOf = (key: PropertyKey | undefined) => SETTINGS.find((setting) => setting.key === key)?.flag;
    const problems = parsed.error.issues.map((issue) => `--${flagOf(issue.path[0])}: ${issue.message}`);
    throw new Error(problems.join("\n"));
  }
  return { port, defaults: parsed.data, help: values.help === true };
}

async function main() {
  const options = parseCli(process.argv.slice(2));
  if (options.help) {
    console.log(usage());
    return;
  }
  const mock = await startMockVendor({ port: options.port, defaults: options.defaults });
  // A second signal falls through to the default handler and ends the process at once.
  const stop = () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    mock.close().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Printed last: whoever waits for this line may signal the process as soon as it reads it.
  const endpoints = MOCK_VENDORS.map((vendor) => `${vendor} ${mock.endpoint(vendor)}`).join("  ");
  console.log(`Mock vendor at ${mock.url}  ${endpoints}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
