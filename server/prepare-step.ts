/**
 * The database step (server/prepare-main.ts) in a process of its own, for `npm start` and the image: what it
 * loads (migrations, seed, password hashing) is gone when it exits, rather than held by a process that runs for
 * weeks. Its lines are relayed through the caller's log; a failure rejects with the step's own one-line reason.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { entryArgs, ROOT } from "./entries";
import { StartRefusal } from "./start-refusal";

export async function prepareInChild(
  log: (message: string) => void,
  { source = false, env = process.env }: { source?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  const child = spawn(process.execPath, entryArgs("prepare", { source }), {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on("line", log);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new StartRefusal(stderr.trim() || `the database step failed (exit code ${code})`);
}
