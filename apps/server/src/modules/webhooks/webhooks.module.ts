import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobDefinition, Jobs } from '../../jobs/index.ts';
import type { Mailer } from '../mail/index.ts';
import { createDeliveries, type Deliveries, type DeliverySenders, defineDeliverySweep } from './deliveries.ts';
import type { WebhookNetwork } from './webhook-delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery log's sending side (decorated by `app.ts` from the assembly). */
    deliveries: Deliveries;
  }
}

export type WebhooksModuleDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The egress a user's webhook leaves under (the assembly's one network). */
  network: WebhookNetwork;
  /** How each kind of message is signed or written: its module's (scans, monitoring, saved searches). */
  senders: DeliverySenders;
};

export type WebhooksModule = {
  deliveries: Deliveries;
  /** The sweep, for whatever runs jobs. */
  jobs: JobDefinition<never>[];
  /** Beats the sweep every `DELIVERY_SWEEP_SECONDS` (0: off) on the job system, once across all processes. */
  startServing(jobs: Jobs): Promise<void>;
};

/** Outgoing messages as one factory: sent through the mailer and the egress guard, swept as a job (decision 175). */
export function createWebhooksModule(deps: WebhooksModuleDeps): WebhooksModule {
  const { config } = deps;
  const deliveries = createDeliveries({
    db: deps.db,
    network: deps.network,
    mailer: deps.mailer,
    log: deps.log,
    policy: config.deliveries,
    senders: deps.senders,
  });
  const sweep = defineDeliverySweep(deliveries);
  return {
    deliveries,
    jobs: [sweep],
    async startServing(jobs) {
      if (config.deliveries.sweepSeconds > 0) await jobs.every(sweep, config.deliveries.sweepSeconds * 1000, {});
    },
  };
}
