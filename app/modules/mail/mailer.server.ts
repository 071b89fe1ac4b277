/**
 * Mail to users (password-reset and verification links, docs/product.md §7) goes out through SMTP_URL with
 * nodemailer. Without SMTP_URL — development, or a deployment that sends no mail — nothing is sent: the mail's
 * link is written to the log instead, where the operator reads it in the terminal of `npm start` or
 * `npm run dev` (as development tools do). That is the one log line that carries a link's secret; with
 * SMTP_URL set no link is ever logged (docs/security.md).
 */
import { createTransport, type Transporter } from "nodemailer";
import type { Logger } from "#platform/logger";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link the text carries: all the log shows when there is no SMTP server. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A stalled mail server fails the send after these, rather than holding its work for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(settings: { smtpUrl: string | null; from: string }, logger: Logger): Mailer {
  if (!settings.smtpUrl) {
    return {
      async send({ to, subject, link }) {
        logger.warn({ to, subject, link }, "e-mail not sent (SMTP_URL is unset): its link is in this line");
      },
      close: () => undefined,
    };
  }
  const transport: Transporter = createTransport({ url: settings.smtpUrl, ...TIMEOUTS });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: settings.from, to, subject, text });
      logger.info({ subject }, "e-mail sent");
    },
    close: () => transport.close(),
  };
}

let mailer: Mailer | undefined;

/** The web process's mailer, from the validated settings. */
export function webMailer(): Mailer {
  mailer ??= createMailer(webEnv().mail, webLogger());
  return mailer;
}
