import {
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  currentMembershipSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  membershipChangeRequestSchema,
  subscriptionResultSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelMembership,
  changeSubscription,
  createCheckout,
  type PaymentsContext,
  recordMembershipChange,
} from './subscription-changes.ts';

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const errors = { 400: z.union([detailErrorSchema, fieldErrorsSchema]), 404: detailErrorSchema };

/** The product API's payment calls (SPEC §7), for the signed-in person only. */
export const paymentsApiRoutes: FastifyPluginAsyncZod<{ payments: PaymentsContext }> = async (app, { payments }) => {
  app.post(
    '/create-checkout-session/',
    {
      preHandler: app.authenticate,
      config: perIp(20),
      schema: { body: checkoutSessionRequestSchema, response: { 200: checkoutSessionResponseSchema, ...errors } },
    },
    async (request) =>
      createCheckout(payments, request.user!, { planUid: request.body.plan_uid, cardHolderName: request.body.card_holder_name ?? '' }),
  );

  app.post(
    '/memberships/upgrade/',
    {
      preHandler: app.authenticate,
      config: perIp(20),
      schema: { body: membershipChangeRequestSchema, response: { 200: currentMembershipSchema, ...errors } },
    },
    async (request) => recordMembershipChange(payments, request.user!.id, request.body),
  );

  app.post(
    '/memberships/cancel/',
    { preHandler: app.authenticate, config: perIp(20), schema: { response: { 200: currentMembershipSchema, ...errors } } },
    async (request) => cancelMembership(payments, request.user!.id),
  );
};

const changeParams = z.object({ subscriptionId: z.string().min(1).max(255), priceId: z.string().min(1).max(255) });

/** The payment backend's subscription changes (SPEC §7), on the caller's own subscription only. */
export const paymentBackendRoutes: FastifyPluginAsyncZod<{ payments: PaymentsContext }> = async (app, { payments }) => {
  for (const kind of ['upgrade', 'downgrade'] as const) {
    app.post(
      `/${kind}-subscription/:subscriptionId/:priceId`,
      {
        preHandler: app.authenticate,
        config: perIp(20),
        schema: { params: changeParams, response: { 200: subscriptionResultSchema, ...errors } },
      },
      async (request) => changeSubscription(payments, request.user!.id, { kind, ...request.params }),
    );
  }
};
