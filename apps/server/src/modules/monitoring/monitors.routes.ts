import {
  alertDeliveryListSchema,
  lookalikePageSchema,
  lookalikeQuerySchema,
  monitorInputSchema,
  monitorListSchema,
  monitorQuotaSchema,
  monitorPatchSchema,
  monitorRunSchema,
  monitorSchema,
  brandPageInputSchema,
  brandPageListSchema,
  brandPageSchema,
  takedownCaseListSchema,
  takedownCaseSchema,
  takedownInputSchema,
  takedownParamsSchema,
  uidParamsSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmAlertEmailLink } from './alert-email-confirmation.ts';
import { presentDelivery, presentRun } from './monitor-presenter.ts';
import {
  changeMonitor,
  checkNow,
  createMonitor,
  deliveryLog,
  getMonitor,
  listMonitors,
  lookalikesPage,
  monitorQuota,
  removeMonitor,
} from './monitors.service.ts';
import { brandPages, registerBrandPage, removeBrandPage } from './brand-pages/brand-pages.service.ts';
import { prepareTakedown, recheckTakedown, takedownCases, takedownReport } from './takedown/takedown.service.ts';

/** Domain monitoring's API (issue 19), under the product API prefix; a monitor is its owner's alone. */
export const monitorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.monitoring;
  const signedIn = { preHandler: app.requireScope('scan') };

  app.post(
    '/monitors/',
    { ...signedIn, schema: { summary: 'Watch a domain for look-alikes', body: monitorInputSchema, response: { 201: monitorSchema } } },
    async (request, reply) => reply.status(201).send(await createMonitor(service, request.user!.id, request.body)),
  );

  app.get(
    '/monitors/',
    { ...signedIn, schema: { summary: 'Your watched domains', response: { 200: monitorListSchema } } },
    async (request) => listMonitors(service, request.user!.id),
  );

  // The link in the confirmation mail: the token is the credential, so no sign-in (the address's owner may have no account).
  app.get(
    '/monitors/alert-email/confirm/:token/',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Confirm an alert e-mail address from its mailed link',
        params: z.object({ token: z.string().max(256) }),
        response: { 200: z.object({ status: z.literal('OK'), alert_email: z.string().nullable() }) },
      },
    },
    async (request) => ({ status: 'OK' as const, ...(await confirmAlertEmailLink(service, request.params.token)) }),
  );

  app.get(
    '/monitors/quota/',
    { ...signedIn, schema: { summary: 'Watched domains against your plan’s allowance', response: { 200: monitorQuotaSchema } } },
    async (request) => monitorQuota(service, request.user!.id),
  );

  app.get(
    '/monitors/:uid/',
    { ...signedIn, schema: { summary: 'One watched domain', params: uidParamsSchema, response: { 200: monitorSchema } } },
    async (request) => getMonitor(service, request.user!.id, request.params.uid),
  );

  app.patch(
    '/monitors/:uid/',
    {
      ...signedIn,
      schema: {
        summary: 'Change a watched domain’s alerts or keywords',
        params: uidParamsSchema,
        body: monitorPatchSchema,
        response: { 200: monitorSchema },
      },
    },
    async (request) => changeMonitor(service, request.user!.id, request.params.uid, request.body),
  );

  app.delete(
    '/monitors/:uid/',
    { ...signedIn, schema: { summary: 'Stop watching a domain', params: uidParamsSchema } },
    async (request, reply) => {
      await removeMonitor(service, request.user!.id, request.params.uid);
      return reply.status(204).send();
    },
  );

  app.post(
    '/monitors/:uid/run/',
    { ...signedIn, schema: { summary: 'Check a watched domain now', params: uidParamsSchema, response: { 202: monitorRunSchema } } },
    async (request, reply) => reply.status(202).send(presentRun(await checkNow(service, request.user!.id, request.params.uid))),
  );

  app.get(
    '/monitors/:uid/lookalikes/',
    {
      ...signedIn,
      schema: {
        summary: 'Look-alikes found to exist, paged',
        params: uidParamsSchema,
        querystring: lookalikeQuerySchema,
        response: { 200: lookalikePageSchema },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const { status } = request.query;
      const link = (page: number) =>
        `/api/v1/monitors/${encodeURIComponent(uid)}/lookalikes/?${new URLSearchParams({ page: String(page), ...(status ? { status } : {}) })}`;
      return lookalikesPage(service, request.user!.id, uid, request.query, link);
    },
  );

  app.get(
    '/monitors/:uid/deliveries/',
    {
      ...signedIn,
      schema: {
        summary: 'The alert delivery log of a watched domain',
        params: uidParamsSchema,
        response: { 200: alertDeliveryListSchema },
      },
    },
    async (request) => (await deliveryLog(service, request.user!.id, request.params.uid)).map(presentDelivery),
  );

  app.post(
    '/monitors/:uid/takedowns/',
    {
      ...signedIn,
      schema: {
        summary: 'Prepare the takedown pack of a malicious look-alike and track it',
        params: uidParamsSchema,
        body: takedownInputSchema,
        response: { 201: takedownCaseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await prepareTakedown(service, request.user!.id, request.params.uid, request.body.domain)),
  );

  app.get(
    '/monitors/:uid/takedowns/',
    {
      ...signedIn,
      schema: { summary: 'Takedown cases of a watched domain', params: uidParamsSchema, response: { 200: takedownCaseListSchema } },
    },
    async (request) => takedownCases(service, request.user!.id, request.params.uid),
  );

  app.post(
    '/monitors/:uid/takedowns/:case/check/',
    {
      ...signedIn,
      schema: {
        summary: 'Check now whether a reported look-alike is still up',
        params: takedownParamsSchema,
        response: { 200: takedownCaseSchema },
      },
    },
    async (request) => recheckTakedown(service, request.user!.id, request.params.uid, request.params.case),
  );

  for (const format of ['txt', 'pdf'] as const) {
    app.get(
      `/monitors/:uid/takedowns/:case/report.${format}`,
      {
        ...signedIn,
        schema: {
          summary: format === 'pdf' ? 'The abuse report as a PDF' : 'The abuse report as plain text',
          params: takedownParamsSchema,
          produces: [format === 'pdf' ? 'application/pdf' : 'text/plain'],
        },
      },
      async (request, reply) => {
        const report = await takedownReport(service, request.user!.id, request.params.uid, request.params.case, format);
        return reply
          .type(format === 'pdf' ? 'application/pdf' : 'text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="${report.filename}"`)
          .send(report.body);
      },
    );
  }

  app.post(
    '/monitors/:uid/brand-pages/',
    {
      ...signedIn,
      schema: {
        summary: 'Register one of your own pages: look-alikes that copy it are reported as copies',
        params: uidParamsSchema,
        body: brandPageInputSchema,
        response: { 201: brandPageSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await registerBrandPage(service, request.user!.id, request.params.uid, request.body)),
  );

  app.get(
    '/monitors/:uid/brand-pages/',
    {
      ...signedIn,
      schema: { summary: 'Your pages look-alikes are compared with', params: uidParamsSchema, response: { 200: brandPageListSchema } },
    },
    async (request) => brandPages(service, request.user!.id, request.params.uid),
  );

  app.delete(
    '/monitors/:uid/brand-pages/:page/',
    {
      ...signedIn,
      schema: {
        summary: 'Stop comparing look-alikes with one of your pages',
        params: uidParamsSchema.extend({ page: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      await removeBrandPage(service, request.user!.id, request.params.uid, request.params.page);
      return reply.status(204).send();
    },
  );
};
