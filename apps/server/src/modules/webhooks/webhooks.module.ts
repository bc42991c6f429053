import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobDefinition, Jobs } from '../../jobs/index.ts';
import type { Mailer } from '../mail/index.ts';
import { createDeliveries, type Deliveries, type DeliverySenders } from './deliveries.ts';
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
  /** The job system each message is sent and retried by (the assembly's one backend). */
  jobs: Jobs;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The egress a user's webhook leaves under (the assembly's one network). */
  network: WebhookNetwork;
  /** How each kind of message is signed or written: its module's (scans, monitoring, saved searches). */
  senders: DeliverySenders;
};

export type WebhooksModule = {
  deliveries: Deliveries;
  /** The delivery job, for whatever runs jobs. */
  jobs: JobDefinition<never>[];
  /** Hands the messages a stop interrupted back to the job system. */
  startServing(): Promise<void>;
};

/** Outgoing messages as one factory: one job per message, sent through the mailer and the egress guard (decisions 175, 462). */
export function createWebhooksModule(deps: WebhooksModuleDeps): WebhooksModule {
  const deliveries = createDeliveries({
    db: deps.db,
    jobs: deps.jobs,
    network: deps.network,
    mailer: deps.mailer,
    log: deps.log,
    policy: deps.config.deliveries,
    senders: deps.senders,
  });
  return {
    deliveries,
    jobs: [deliveries.job],
    async startServing() {
      await deliveries.deliverDue();
    },
  };
}
