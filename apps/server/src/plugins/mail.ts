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
  },
  { name: 'mail' },
);
