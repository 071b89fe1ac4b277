/**
 * A worker killed outright (kill -9) mid-reply: another worker process takes the job over once its lock
 * expires and continues the reply from what was already streamed. The user gets one reply, stored once, with
 * no text lost or repeated.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { connectRedis } from "#platform/redis";
import { completionStreamKey } from "#contract/jobs";
import { withDocuments } from "#contract/attachments";
import { completionOf, insertAttachment } from "../support/rows";
import { directive, setUpTestEnv } from "../support/test-env";

const ROOT = path.resolve(import.meta.dirname, "../..");
const t = setUpTestEnv();
const workers: ChildProcess[] = [];
afterAll(() => {
  for (const worker of workers) worker.kill("SIGKILL");
});

function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("worker ready")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

it(
  "continues a reply on another worker after the first is killed with SIGKILL mid-stream",
  { timeout: 60_000 },
  async () => {
    const userId = await t.createUser();
    const content = `survive a crash ${directive({ tokens: 150, tokenMs: 40 })}`;
    const { completionId } = await t.createCompletion(userId, content);
    const document = { name: "ledger.txt", text: "Row 7 says the pelicans left on Tuesday." };
    await insertAttachment(
      t.db,
      (await completionOf(t.db, completionId)).user_message_id,
      document.name,
      document.text,
    );

    const first = await startWorkerProcess();
    await t.enqueue(completionId);
    // Wait until a good part of the reply is out, then kill the worker without any chance to clean up.
    const reader = connectRedis(t.env.redisUrl, { maxRetriesPerRequest: null });
    let cursor = "0-0";
    let seen = 0;
    while (seen < 5) {
      const reply = (await reader.xread(
        "BLOCK",
        10_000,
        "STREAMS",
        completionStreamKey(completionId),
        cursor,
      )) as [string, [string, string[]][]][] | null;
      for (const [id] of reply?.[0]?.[1] ?? []) {
        cursor = id;
        seen++;
      }
    }
    reader.disconnect();
    first.kill("SIGKILL");

    await startWorkerProcess();
    const streamed = await t.readStream(completionId, 45_000);
    const expected = t.mock.expectedReply("together", content);
    expect(streamed.terminal.type).toBe("done");
    expect(streamed.text).toBe(expected);
    const stored = await t.db
      .selectFrom("chat_messages")
      .select("content")
      .where("completion_id", "=", completionId)
      .execute();
    expect(stored.map((m) => m.content)).toEqual([expected]);
    const [firstRun, continuation] = t.mock
      .requests("together")
      .slice(-2)
      .map((request) => (request.body as { messages: { role: string; content: string }[] }).messages);
    expect(continuation!.at(-1)?.role).toBe("assistant");
    const question = { role: "user", content: withDocuments(content, [document]) };
    expect(firstRun!.at(-1)).toEqual(question);
    expect(continuation!.at(-2)).toEqual(question);
  },
);
