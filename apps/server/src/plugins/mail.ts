import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from '../modules/mail/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp<{ mail: Config['mail'] }>(
  async (app, { mail }) => {
    app.decorate(
      'mailer',
      createMailer(mail, (line) => app.log.info(line)),
    );
    if (!mail.smtpUrl && !mail.logLinks) {
      app.log.warn(`SMTP_URL is not set: no mail is sent; messages are written to ${mail.outboxDir} (readable by this user only)`);
    }
  },
  { name: 'mail' },
);
