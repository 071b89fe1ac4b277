import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { startTestSmtp } from "#tests/support/smtp";
import { createMailer } from "./mailer.server";

const MAIL = {
  to: "someone@example.test",
  subject: "Reset your password",
  text: "Open https://chat.example.test/reset-password/abc to choose one.",
  link: "https://chat.example.test/reset-password/abc",
};

describe("the mailer", () => {
  it("sends through SMTP, from MAIL_FROM, and logs no link", async () => {
    const smtp = await startTestSmtp();
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Rogue AI <noreply@example.test>" }, logger);
    try {
      await mailer.send(MAIL);
      expect(smtp.received).toEqual([
        {
          to: [MAIL.to],
          from: '"Rogue AI" <noreply@example.test>',
          subject: MAIL.subject,
          text: `${MAIL.text}\n`,
        },
      ]);
      expect(lines.join("")).not.toContain(MAIL.link);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("without SMTP, writes the link to the log for the operator", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    await createMailer({ smtpUrl: null, from: "x@example.test" }, logger).send(MAIL);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ to: MAIL.to, subject: MAIL.subject, link: MAIL.link, level: 40 }),
    ]);
  });

  it("fails the send when the server cannot be reached", async () => {
    const smtp = await startTestSmtp();
    const url = smtp.url;
    await smtp.close();
    const mailer = createMailer({ smtpUrl: url, from: "x@example.test" }, pino({ level: "silent" }));
    await expect(mailer.send(MAIL)).rejects.toThrow();
    mailer.close();
  });
});
