import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { createWebLinks } from '../../mail/index.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { startOnFree } from './current-membership.ts';
import type { Clock, MembershipsContext } from './memberships-context.ts';
import { paymentEventHandled } from './memberships.repository.ts';
import type { PaymentEvent } from './payment-events.ts';
import { createPlanQuotas, type QuotaUse } from './quota.ts';
import { sendDueReminders } from './renewal-reminders.ts';

/** What other modules call (the scan service counts scans and AI tokens against the plan). */
export type Memberships = {
  /** `scans`: how many the scan counts as (one per viewer; 1 by default). */
  consumeScan(userId: number, scans?: number): Promise<QuotaUse>;
  /** Gives back a scan (its `scans` units) counted at `chargedAt` whose page could not be reached. */
  returnScan(userId: number, chargedAt: Date, scans?: number): Promise<void>;
  consumeTokens(userId: number, n: number): Promise<QuotaUse>;
  /** The one way a payment provider's report changes a membership; false for a replayed event. */
  applyPaymentEvent(event: PaymentEvent): Promise<boolean>;
  /** Whether a provider's event was applied before (its delivery id seen). */
  paymentEventHandled(provider: string, eventId: string): Promise<boolean>;
  /** Mails the renewal reminders due at `now`; returns how many went out. */
  sendDueReminders(now: Date): Promise<number>;
  context: MembershipsContext;
};

declare module 'fastify' {
  interface FastifyInstance {
    memberships: Memberships;
  }
}

export type MembershipsPluginOptions = {
  publicUrl: string;
  clock: Clock;
  /** Runs a hook in the transaction that creates an account (accounts): every account starts on Free. */
  onUserCreated: (hook: (user: { id: number }, trx: Transaction<Database>) => Promise<void>) => void;
};

/** Memberships and quotas as a capability; every new account starts on the Free plan. */
export const membershipsPlugin = fp<MembershipsPluginOptions>(
  async (app, options) => {
    const context: MembershipsContext = {
      db: app.db,
      clock: options.clock,
      mailer: app.mailer,
      links: createWebLinks(options.publicUrl),
      log: app.log,
    };
    options.onUserCreated(async (user, trx) => {
      await startOnFree(trx, user.id, options.clock());
    });
    app.decorate('memberships', {
      context,
      ...createPlanQuotas(context),
      applyPaymentEvent: (event) => applyPaymentEvent(context, event),
      paymentEventHandled: (provider, eventId) => paymentEventHandled(context.db, provider, eventId),
      sendDueReminders: (now) => sendDueReminders(context, now),
    } satisfies Memberships);
  },
  { name: 'memberships', dependencies: ['database', 'mail'] },
);
