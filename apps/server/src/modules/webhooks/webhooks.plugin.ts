import type { ScannerOptions } from '@riskscan/scanner';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../jobs/index.ts';
import { configuredDeliveries, type Deliveries, type DeliverySenders, defineDeliverySweep } from './deliveries.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery log's sending side, for the modules that queue messages (scans, monitoring). */
    deliveries: Deliveries;
  }
}

export type WebhooksPluginOptions = {
  config: Config;
  /** How each kind of message is signed or written: its module's (scans, monitoring). */
  senders: DeliverySenders;
  /** The job system the sweep beats on: this process in-process, the workers on BullMQ. */
  jobs: Jobs;
  /** Extra scanner settings (tests: the fixture world's resolver and CA). */
  scanner?: ScannerOptions | undefined;
};

/** Outgoing messages as a capability: sent through `app.mailer` and the egress guard, swept every `DELIVERY_SWEEP_SECONDS`. */
export const webhooksPlugin = fp<WebhooksPluginOptions>(
  async (app, { config, senders, jobs, scanner }) => {
    const deliveries = configuredDeliveries({ config, db: app.db, mailer: app.mailer, log: app.log, senders, scanner });
    app.decorate('deliveries', deliveries);
    app.addHook('onReady', async () => {
      if (config.deliveries.sweepSeconds > 0) await jobs.every(defineDeliverySweep(deliveries), config.deliveries.sweepSeconds * 1000, {});
    });
  },
  { name: 'webhooks', dependencies: ['database', 'mail'] },
);
