import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export type SentMail = { messageId: string; file?: string };

/** Sends mail; the one way modules reach users by e-mail. */
export type Mailer = { send(message: MailMessage): Promise<SentMail> };

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * Without SMTP the product still works end to end: every message becomes an `.eml` file under
 * `DATA_DIR/outbox/` and its links are logged, so a local user can follow an activation link.
 */
function outboxMailer(outboxDir: string, from: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = [...new Set(message.text.match(LINK) ?? [])];
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
  return mail.smtpUrl ? smtpMailer(mail.smtpUrl, mail.from) : outboxMailer(mail.outboxDir, mail.from, log);
}
