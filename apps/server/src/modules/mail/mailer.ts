import { randomUUID } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export type SentMail = { messageId: string; file?: string };

/** Sends mail; the one way modules reach users by e-mail. */
export type Mailer = { send(message: OutgoingMail): Promise<SentMail> };

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * Without SMTP the product still works end to end: every message becomes an `.eml` file under
 * `DATA_DIR/outbox/`, readable by the server's user only (the files hold reset and activation
 * links). On a laptop (`logLinks`) the links are logged too, so a local user can follow them;
 * anywhere else they stay out of the log (decision 144).
 */
function outboxMailer(outboxDir: string, from: string, logLinks: boolean, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await chmod(outboxDir, 0o700);
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = logLinks ? [...new Set(message.text.match(LINK) ?? [])] : [];
      log(`mail to ${message.to} "${message.subject}" written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`);
      return { messageId: info.messageId, file };
    },
  };
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
  };
}

export function createMailer(mail: Config['mail'], log: (line: string) => void): Mailer {
  return mail.smtpUrl ? smtpMailer(mail.smtpUrl, mail.from) : outboxMailer(mail.outboxDir, mail.from, mail.logLinks, log);
}
