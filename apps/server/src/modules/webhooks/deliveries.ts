import { createResolver, type ScannerOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { defineJob, type JobBackoff, type JobDefinition, retryDelay } from '../../jobs/index.ts';
import type { MailContent, Mailer } from '../mail/index.ts';
import { claimDueDelivery, type DeliveryKind, type DeliveryRow, recordDeliveryOutcome } from './deliveries.repository.ts';
import { deliverWebhook, type WebhookNetwork } from './webhook-delivery.ts';

/** How the messages of one kind are sent; the kind's module hands it over through `assemble.ts`. */
export type DeliverySender = {
  /** The key a webhook is signed with; null when its owner is gone (the attempt fails). */
  secret?(delivery: DeliveryRow): Promise<string | null>;
  /** What a message on the e-mail channel says. */
  mail?(delivery: DeliveryRow): MailContent;
};

export type DeliverySenders = Partial<Record<DeliveryKind, DeliverySender>>;

/** The delivery log's sending side: every process that sends builds one (`webhooks.module.ts`, from `assemble.ts`). */
export type Deliveries = {
  /** Sends every due message of the kinds this process has senders for; answers how many attempts it made. */
  deliverDue(now?: Date): Promise<number>;
  /** A first attempt at one queued message, now, so a caller need not wait for the sweep. */
  deliverNow(id: number): Promise<void>;
};

/**
 * Whether a failed delivery is worth another attempt (decision 333): no answer (network error,
 * timeout, refused target), 408, 425, 429 and 5xx are passing trouble. Any other answer is the
 * receiver's final word: 410 Gone means stop, a 4xx will not change by asking again, and
 * redirects are never followed.
 */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 425 || status === 429 || status >= 500;
}

/** How long one attempt may hold a message before another process may try it. */
const LOCK_MS = 60_000;
/** Attempts a sweep makes at once, and at once to one destination: a slow receiver holds only its own. */
export const SWEEP_CONCURRENCY = 8;
export const PER_DESTINATION = 1;

type Attempt = { ok: true; status: number | null } | { ok: false; status: number | null; error: string };

export function createDeliveries(parts: {
  db: Db;
  network: WebhookNetwork;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Attempts per message, and the first retry delay (doubled at each further attempt). */
  policy: { attempts: number; retryDelayMs: number };
  senders: DeliverySenders;
}): Deliveries {
  const { db, log, policy, senders } = parts;
  const kinds = Object.keys(senders) as DeliveryKind[];
  // The job system's back-off (record 461): the log keeps the time of the next attempt so it outlives a restart.
  const backoff: JobBackoff = { type: 'exponential', delayMs: policy.retryDelayMs };

  async function attempt(delivery: DeliveryRow): Promise<Attempt> {
    const sender = senders[delivery.kind];
    if (delivery.channel === 'email') {
      if (!sender?.mail) return { ok: false, status: null, error: `No e-mail is written for a ${delivery.kind}.` };
      try {
        await parts.mailer.send({ to: delivery.target, ...sender.mail(delivery) });
        return { ok: true, status: null };
      } catch (error) {
        return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
      }
    }
    const secret = await sender?.secret?.(delivery);
    if (!secret) return { ok: false, status: null, error: 'Its owner is gone: nothing to sign it with.' };
    return deliverWebhook(delivery.target, delivery.payload, secret, parts.network, delivery.delivery_id);
  }

  /**
   * One attempt at a claimed message; a failure worth retrying waits `retryDelayMs` doubled per
   * attempt, the last one or one the receiver refused for good fails it.
   */
  async function send(delivery: DeliveryRow): Promise<void> {
    const outcome = await attempt(delivery);
    const now = new Date();
    const about = {
      delivery: delivery.id,
      kind: delivery.kind,
      channel: delivery.channel,
      source: delivery.source_id,
      attempt: delivery.attempts,
    };
    if (outcome.ok) {
      log.info(about, 'message delivered');
      await recordDeliveryOutcome(db, delivery.id, {
        status: 'delivered',
        last_error: null,
        response_status: outcome.status,
        delivered_at: now,
      });
      return;
    }
    const final = delivery.attempts >= policy.attempts || !isRetryable(outcome.status);
    log.warn({ ...about, final, error: outcome.error }, 'message delivery failed');
    await recordDeliveryOutcome(db, delivery.id, {
      status: final ? 'failed' : 'pending',
      next_attempt_at: new Date(now.getTime() + retryDelay(backoff, delivery.attempts)),
      last_error: outcome.error,
      response_status: outcome.status,
      delivered_at: null,
    });
  }

  return {
    async deliverDue(now) {
      let attempts = 0;
      const inFlight = new Map<string, number>();
      const running = new Set<Promise<void>>();
      for (;;) {
        // Claim while there is room, skipping destinations at their limit; then wait for one attempt to end.
        while (running.size < SWEEP_CONCURRENCY) {
          const busy = [...inFlight].filter(([, count]) => count >= PER_DESTINATION).map(([target]) => target);
          const delivery = await claimDueDelivery(db, now ?? new Date(), LOCK_MS, kinds, undefined, busy);
          if (!delivery) break;
          attempts++;
          inFlight.set(delivery.target, (inFlight.get(delivery.target) ?? 0) + 1);
          const attempt: Promise<void> = send(delivery).finally(() => {
            const left = (inFlight.get(delivery.target) ?? 1) - 1;
            if (left > 0) inFlight.set(delivery.target, left);
            else inFlight.delete(delivery.target);
            running.delete(attempt);
          });
          running.add(attempt);
        }
        if (running.size === 0) return attempts;
        await Promise.race(running);
      }
    },
    async deliverNow(id) {
      const delivery = await claimDueDelivery(db, new Date(), LOCK_MS, kinds, id);
      if (delivery) await send(delivery);
    },
  };
}

/**
 * The egress a webhook leaves under: the scanner's (`SCAN_DNS_SERVERS`, private networks refused),
 * so a user's URL reaches only public addresses; tests hand over the fixture world's.
 */
export function webhookNetwork(config: Config, scanner?: ScannerOptions['network']): WebhookNetwork {
  return {
    resolver: scanner?.resolver ?? createResolver({ servers: scanner?.dnsServers ?? config.scanner.dnsServers }),
    allowPrivateNetworks: scanner?.allowPrivateNetworks ?? config.scanner.allowPrivateNetworks,
    connectPorts: scanner?.connectPorts ?? config.scanner.connectPorts,
    ...(scanner?.trustedCertificates ? { trustedCertificates: scanner.trustedCertificates } : {}),
  };
}

export const DELIVERY_SWEEP_JOB = 'deliveries-sweep';

/**
 * The sweep as a job (decision 175): whichever backend runs it beats it every
 * `DELIVERY_SWEEP_SECONDS`, one pass at a time; other processes are kept apart by the claims.
 */
export function defineDeliverySweep(deliveries: Pick<Deliveries, 'deliverDue'>): JobDefinition<Record<string, never>> {
  // A pass is not retried: the next beat comes soon and takes what is still due.
  return defineJob<Record<string, never>>(DELIVERY_SWEEP_JOB, () => deliveries.deliverDue().then(() => undefined), {
    attempts: 1,
    backoff: { type: 'fixed', delayMs: 0 },
    timeoutMs: 10 * 60_000,
  });
}
