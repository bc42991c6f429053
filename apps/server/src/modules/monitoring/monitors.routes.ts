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
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpErrorOf } from './monitoring-errors.ts';
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
  type MonitorsService,
  removeMonitor,
} from './monitors.service.ts';

const uidParams = z.object({ uid: z.string().max(64) });

async function handled<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw httpErrorOf(error);
  }
}

/** Domain monitoring's API (issue 19), under the product API prefix; a monitor is its owner's alone. */
export function monitorsRoutes(service: MonitorsService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: app.requireScope('scan') };

    app.post(
      '/monitors/',
      { ...signedIn, schema: { summary: 'Watch a domain for look-alikes', body: monitorInputSchema, response: { 201: monitorSchema } } },
      async (request, reply) => reply.status(201).send(await handled(createMonitor(service, request.user!.id, request.body))),
    );

    app.get(
      '/monitors/',
      { ...signedIn, schema: { summary: 'Your watched domains', response: { 200: monitorListSchema } } },
      async (request) => handled(listMonitors(service, request.user!.id)),
    );

    app.get(
      '/monitors/quota/',
      { ...signedIn, schema: { summary: 'Watched domains against your plan’s allowance', response: { 200: monitorQuotaSchema } } },
      async (request) => monitorQuota(service, request.user!.id),
    );

    app.get(
      '/monitors/:uid/',
      { ...signedIn, schema: { summary: 'One watched domain', params: uidParams, response: { 200: monitorSchema } } },
      async (request) => handled(getMonitor(service, request.user!.id, request.params.uid)),
    );

    app.patch(
      '/monitors/:uid/',
      {
        ...signedIn,
        schema: {
          summary: 'Change a watched domain’s alerts or keywords',
          params: uidParams,
          body: monitorPatchSchema,
          response: { 200: monitorSchema },
        },
      },
      async (request) => handled(changeMonitor(service, request.user!.id, request.params.uid, request.body)),
    );

    app.delete(
      '/monitors/:uid/',
      { ...signedIn, schema: { summary: 'Stop watching a domain', params: uidParams } },
      async (request, reply) => {
        await handled(removeMonitor(service, request.user!.id, request.params.uid));
        return reply.status(204).send();
      },
    );

    app.post(
      '/monitors/:uid/run/',
      { ...signedIn, schema: { summary: 'Check a watched domain now', params: uidParams, response: { 202: monitorRunSchema } } },
      async (request, reply) => reply.status(202).send(presentRun(await handled(checkNow(service, request.user!.id, request.params.uid)))),
    );

    app.get(
      '/monitors/:uid/lookalikes/',
      {
        ...signedIn,
        schema: {
          summary: 'Look-alikes found to exist, paged',
          params: uidParams,
          querystring: lookalikeQuerySchema,
          response: { 200: lookalikePageSchema },
        },
      },
      async (request) => {
        const { uid } = request.params;
        const { status } = request.query;
        const link = (page: number) =>
          `/api/v1/monitors/${encodeURIComponent(uid)}/lookalikes/?${new URLSearchParams({ page: String(page), ...(status ? { status } : {}) })}`;
        return handled(lookalikesPage(service, request.user!.id, uid, request.query, link));
      },
    );

    app.get(
      '/monitors/:uid/deliveries/',
      {
        ...signedIn,
        schema: { summary: 'The alert delivery log of a watched domain', params: uidParams, response: { 200: alertDeliveryListSchema } },
      },
      async (request) => (await handled(deliveryLog(service, request.user!.id, request.params.uid))).map(presentDelivery),
    );
  };
}
