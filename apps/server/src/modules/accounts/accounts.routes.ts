import {
  checkEmailRequestSchema,
  checkEmailResponseSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  loginRequestSchema,
  refreshTokenRequestSchema,
  refreshTokenResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  sessionResponseSchema,
} from '@riskscan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ClientInfo } from './accounts-context.ts';
import { activate, isEmailTaken, register } from './registration.service.ts';
import { refreshSession } from './sessions.service.ts';
import { signIn } from './sign-in.service.ts';

const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** Tighter per-IP limits where a request costs a password hash or sends mail. */
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The public account calls of SPEC §7 (no Authorization header). */
export const accountsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.accounts.context;

  app.post(
    '/register/',
    {
      config: perIp(10),
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema, 400: fieldErrorsSchema } },
    },
    async (request, reply) => {
      const created = await register(ctx, { email: request.body.email, password: request.body.password1 });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/register/checkEmail',
    { config: perIp(30), schema: { body: checkEmailRequestSchema, response: { 200: checkEmailResponseSchema } } },
    async (request) => ({ isEmailTaken: await isEmailTaken(ctx, request.body.email) }),
  );

  app.post(
    '/account/activate/:uid/:token/',
    {
      config: perIp(20),
      schema: {
        params: z.object({ uid: z.string().max(64), token: z.string().max(256) }),
        response: { 200: sessionResponseSchema, 400: detailErrorSchema },
      },
    },
    async (request) => activate(ctx, request.params.uid, request.params.token, clientOf(request)),
  );

  app.post(
    '/login/',
    { config: perIp(30), schema: { body: loginRequestSchema, response: { 200: sessionResponseSchema, 400: detailErrorSchema } } },
    async (request) => signIn(ctx, request.body, clientOf(request)),
  );

  app.post(
    '/auth/token',
    { config: perIp(60), schema: { body: refreshTokenRequestSchema, response: { 200: refreshTokenResponseSchema } } },
    async (request) => refreshSession(ctx, request.body.refreshToken),
  );
};
