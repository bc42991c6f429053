import type { ScannerOptions } from '@riskscan/scanner';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { configuredDeliveries, type Deliveries, type DeliverySenders, startDeliverySweep } from './deliveries.ts';

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
  /** Sweep the log here (no REDIS_URL); with BullMQ the workers sweep it. */
  sweep: boolean;
  /** Extra scanner settings (tests: the fixture world's resolver and CA). */
  scanner?: ScannerOptions | undefined;
};

/** Outgoing messages as a capability: sent through `app.mailer` and the egress guard, swept every `DELIVERY_SWEEP_SECONDS`. */
export const webhooksPlugin = fp<WebhooksPluginOptions>(
  async (app, { config, senders, sweep, scanner }) => {
    const deliveries = configuredDeliveries({ config, db: app.db, mailer: app.mailer, log: app.log, senders, scanner });
    app.decorate('deliveries', deliveries);
    let sweeper: { close(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      if (sweep && config.deliveries.sweepSeconds > 0)
        sweeper = startDeliverySweep(deliveries, config.deliveries.sweepSeconds * 1000, app.log);
    });
    app.addHook('onClose', async () => sweeper?.close());
  },
  { name: 'webhooks', dependencies: ['database', 'mail'] },
);
