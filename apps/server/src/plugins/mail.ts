import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Mailer } from '../modules/mail/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates `app.mailer` with the assembly's, and says at start when no mail is sent. */
export const mailPlugin = fp<{ mailer: Mailer; mail: Config['mail'] }>(
  async (app, { mailer, mail }) => {
    app.decorate('mailer', mailer);
    if (!mail.smtpUrl && !mail.logLinks) {
      app.log.warn(`SMTP_URL is not set: no mail is sent; messages are written to ${mail.outboxDir} (readable by this user only)`);
    }
  },
  { name: 'mail' },
);
