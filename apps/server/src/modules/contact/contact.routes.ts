import { contactFormResponseSchema, contactFormSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createContactService } from './contact.service.ts';

/** Per client IP: enough for a person who retries, too few for a spam run. */
const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '1 hour' };

/** POST /contactform (SPEC §7): the about page's contact form. */
export const contactRoutes: FastifyPluginAsyncZod<{ contactEmail: string }> = async (app, { contactEmail }) => {
  const service = createContactService({
    db: app.db,
    mailer: app.mailer,
    contactEmail,
    log: (error) => app.log.error({ err: error }, 'contact message could not be mailed'),
  });

  app.post(
    '/contactform',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: { summary: 'Send a message to the team', body: contactFormSchema, response: { 201: contactFormResponseSchema } },
    },
    async (request, reply) => {
      await service.submit(request.body, request.ip);
      return reply.status(201).send({ detail: 'Email Sent' });
    },
  );
};
