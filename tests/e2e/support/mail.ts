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

/** The path of the `count`-th link starting `prefix` (`/reset-password/…`) mailed to `to`, once it has arrived:
 * an account's other mail (the sign-up's confirmation) is not the one asked for. */
export async function linkInMail(mailDir: string, to: string, prefix: string, count = 1): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(${prefix}/[A-Za-z0-9_-]+)`);
  const links = () =>
    mailsTo(mailDir, to).flatMap((mail) => {
      const link = pattern.exec(mail.text);
      return link ? [link[1]!] : [];
    });
  await expect
    .poll(() => links().length, { message: `mail to ${to} with a ${prefix} link` })
    .toBeGreaterThanOrEqual(count);
  return links()[count - 1]!;
}
