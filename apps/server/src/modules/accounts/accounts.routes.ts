import {
  changeEmailConfirmRequestSchema,
  changeEmailConfirmResponseSchema,
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  checkEmailRequestSchema,
  checkEmailResponseSchema,
  detailErrorSchema,
  badRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  passwordResetConfirmRequestSchema,
  passwordResetRequestSchema,
  refreshTokenRequestSchema,
  refreshTokenResponseSchema,
  registerRequestSchema,
  resendActivationRequestSchema,
  ACTIVATION_RESENT,
  registerResponseSchema,
  sessionResponseSchema,
  statusResponseSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
  userDetailsPatchSchema,
  userDetailsSchema,
} from '@riskscan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ClientInfo } from './accounts-context.ts';
import { activate, isEmailTaken, register, resendActivation } from './registration.service.ts';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './password.service.ts';
import { confirmEmailChange, PROFILE_MESSAGES, requestEmailChange, updateName, updateProfile, userDetails } from './profile.service.ts';
import { endSession, endSessionByRefreshToken, refreshSession } from './sessions.service.ts';
import { signIn } from './sign-in.service.ts';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  addressKey: request.clientKey,
  userAgent: request.headers['user-agent'] ?? null,
});

/** A 400 names fields (`{email: [...]}`) or the request as a whole (`{detail}`). */

/** Tighter per-IP limits where a request costs a password hash or sends mail. */
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The public account calls of SPEC §7 (no Authorization header). */
export const accountsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.accounts.context;

  app.post(
    '/register/',
    {
      config: perIp(10),
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema, 400: badRequestSchema } },
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
    '/register/resend-activation/',
    { config: perIp(5), schema: { body: resendActivationRequestSchema, response: { 200: detailErrorSchema, 400: badRequestSchema } } },
    async (request) => {
      await resendActivation(ctx, request.body.email);
      return { detail: ACTIVATION_RESENT };
    },
  );

  app.post(
    '/account/activate/:uid/:token/',
    {
      config: perIp(20),
      schema: {
        params: z.object({ uid: z.string().max(64), token: z.string().max(256) }),
        response: { 200: sessionResponseSchema, 400: badRequestSchema, 409: detailErrorSchema },
      },
    },
    async (request) => activate(ctx, request.params.uid, request.params.token, clientOf(request)),
  );

  app.post(
    '/login/',
    {
      config: perIp(30),
      schema: { body: loginRequestSchema, response: { 200: sessionResponseSchema, 400: badRequestSchema, 429: detailErrorSchema } },
    },
    async (request) => signIn(ctx, request.body, clientOf(request)),
  );

  app.post(
    '/auth/token',
    { config: perIp(60), schema: { body: refreshTokenRequestSchema, response: { 200: refreshTokenResponseSchema } } },
    async (request) => refreshSession(ctx, request.body.refreshToken),
  );

  // Lenient on purpose: signing out must work with an expired access token too.
  app.post('/logout/', { schema: { body: logoutRequestSchema, response: { 200: detailErrorSchema } } }, async (request) => {
    const caller = await app.auth.identify(request).catch(() => null);
    if (caller?.sessionId) await endSession(ctx, caller.sessionId);
    if (request.body?.refreshToken) await endSessionByRefreshToken(ctx, request.body.refreshToken);
    return { detail: 'You have logged out' };
  });

  app.post(
    '/password-reset/',
    { config: perIp(5), schema: { body: passwordResetRequestSchema, response: { 200: statusResponseSchema, 400: badRequestSchema } } },
    async (request) => {
      requestPasswordReset(ctx, request.body.email);
      return { status: 'OK' as const };
    },
  );

  app.post(
    '/password-reset/confirm/',
    {
      config: perIp(10),
      schema: { body: passwordResetConfirmRequestSchema, response: { 200: statusResponseSchema, 400: badRequestSchema } },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request.body);
      return { status: 'OK' as const };
    },
  );

  // The link in the mail to the new address is the credential, so no session is needed.
  app.post(
    '/change-email/confirm/',
    {
      config: perIp(10),
      schema: { body: changeEmailConfirmRequestSchema, response: { 200: changeEmailConfirmResponseSchema, 400: badRequestSchema } },
    },
    async (request) => ({ email: await confirmEmailChange(ctx, request.body.token) }),
  );
};

/** Calls for a signed-in person (scope `account`): the free-scan guest and API keys never get here. */
export const accountsPrivateRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.accounts.context;
  app.addHook('preHandler', app.authenticate);
  const caller = (request: FastifyRequest) => request.user!;

  app.get('/user-details/', { schema: { response: { 200: userDetailsSchema } } }, async (request) => userDetails(ctx, caller(request)));

  app.patch('/user-details/', { schema: { body: userDetailsPatchSchema, response: { 200: userDetailsSchema } } }, async (request) =>
    updateName(ctx, caller(request), request.body.name),
  );

  app.post(
    '/update/profile',
    {
      config: perIp(10),
      schema: { body: updateProfileRequestSchema, response: { 200: updateProfileResponseSchema, 400: badRequestSchema } },
    },
    async (request) => updateProfile(ctx, caller(request), request.body),
  );

  app.patch(
    '/change-email/',
    { config: perIp(10), schema: { body: changeEmailRequestSchema, response: { 200: changeEmailResponseSchema, 400: badRequestSchema } } },
    async (request) => ({
      detail: PROFILE_MESSAGES.emailChangeSent,
      new_email: await requestEmailChange(ctx, caller(request), request.body.new_email),
    }),
  );

  app.patch(
    '/change-password/',
    {
      config: perIp(10),
      schema: { body: changePasswordRequestSchema, response: { 200: changePasswordResponseSchema, 400: badRequestSchema } },
    },
    async (request) => changePassword(ctx, caller(request), request.body, clientOf(request)),
  );
};
