/** The mail the run's SMTP server received (tests/e2e/support/server.ts), as a user's mailbox. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import type { ReceivedMail } from "#tests/support/smtp";

function mailsTo(mailDir: string, to: string): ReceivedMail[] {
  return readdirSync(mailDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(mailDir, file), "utf8")) as ReceivedMail)
    .filter((mail) => mail.to.includes(to));
}

/** The path of the link (`/reset-password/…`) in the `count`-th mail to `to`, once it has arrived. */
export async function linkInMail(mailDir: string, to: string, prefix: string, count = 1): Promise<string> {
  await expect
    .poll(() => mailsTo(mailDir, to).length, { message: `mail to ${to}` })
    .toBeGreaterThanOrEqual(count);
  const mail = mailsTo(mailDir, to)[count - 1]!;
  const link = new RegExp(`https?://[^/\\s]+(${prefix}/[A-Za-z0-9_-]+)`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}
