import { createResolver, type ScannerOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { defineJob, JobDeferredError, type JobDefinition, type Jobs } from '../../jobs/index.ts';
import type { MailContent, Mailer } from '../mail/index.ts';
import {
  claimDelivery,
  type DeliveryKind,
  type DeliveryRow,
  failPendingDelivery,
  findDelivery,
  pendingDeliveryIds,
  recordDeliveryOutcome,
} from './deliveries.repository.ts';
import { deliverWebhook, type WebhookNetwork } from './webhook-delivery.ts';

/** How the messages of one kind are sent; the kind's module hands it over through `assemble.ts`. */
export type DeliverySender = {
  /** The key a webhook is signed with; null when its owner is gone (the attempt fails). */
  secret?(delivery: DeliveryRow): Promise<string | null>;
  /** What a message on the e-mail channel says. */
  mail?(delivery: DeliveryRow): MailContent;
};

export type DeliverySenders = Partial<Record<DeliveryKind, DeliverySender>>;

/** The delivery log's sending side: every process builds one (`webhooks.module.ts`, from `assemble.ts`). */
export type Deliveries = {
  /**
   * Hands every pending message of the log to the job system: at start (what a restart
   * interrupted), after alerts are queued and after held mail is released. A message whose job
   * is still waiting, running or between attempts is not added again. Answers how many it handed.
   */
  deliverDue(): Promise<number>;
  /** Hands one queued message to the job system: its first attempt starts when a runner is free. */
  deliverNow(id: number): Promise<void>;
  /** The job every message is sent by (one job per message, its id the row's), for whatever runs jobs. */
  job: JobDefinition<DeliveryJob>;
};

/** A delivery job carries the row's id: the row holds the message, its Standard Webhooks id and its attempts. */
export type DeliveryJob = { id: number };

/**
 * Whether a failed delivery is worth another attempt (decision 333): no answer (network error,
 * timeout, refused target), 408, 425, 429 and 5xx are passing trouble. Any other answer is the
 * receiver's final word: 410 Gone means stop, a 4xx will not change by asking again, and
 * redirects are never followed.
 */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 425 || status === 429 || status >= 500;
}

export const DELIVERY_JOB = 'delivery';
/** One attempt's clock, and how long its row stays locked against another process's job for it. */
const ATTEMPT_LIMIT_MS = 60_000;
/** Attempts at once per process. */
export const DELIVERY_CONCURRENCY = 8;
/**
 * How long a message whose destination is busy waits before it asks again. It waits off the
 * runner (deferred, no attempt spent), so a slow receiver's backlog never holds a slot another
 * destination's message could use (issue 40: a trickling receiver held every slot).
 */
export const DESTINATION_BUSY_DELAY_MS = 1_000;

/** The job id of a message: the row's id (BullMQ takes no plain integers). */
const jobIdOf = (id: number) => `delivery-${id}`;

type Attempt = { ok: true; status: number | null } | { ok: false; status: number | null; error: string };

/** The receiver failed in a way worth asking again: the job system retries after its back-off. */
class RetryDeliveryError extends Error {}
/** Another job's attempt holds the message (two processes handed it over): asked again after the back-off. */
class DeliveryBusyError extends Error {}

/**
 * One attempt at a time per destination in this process: a message for a destination with an
 * attempt running is deferred (`JobDeferredError`), its runner slot freed for other destinations.
 */
function perDestination(): <T>(target: string, work: () => Promise<T>) => Promise<T> {
  const busy = new Set<string>();
  return async (target, work) => {
    if (busy.has(target)) throw new JobDeferredError(DESTINATION_BUSY_DELAY_MS, `an attempt to ${target} is running`);
    busy.add(target);
    try {
      return await work();
    } finally {
      busy.delete(target);
    }
  };
}

export function createDeliveries(parts: {
  db: Db;
  /** The job system each message's job runs on (the assembly's one backend). */
  jobs: Jobs;
  network: WebhookNetwork;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Attempts per message, and the first retry delay (doubled at each further attempt): the job's policy. */
  policy: { attempts: number; retryDelayMs: number };
  senders: DeliverySenders;
}): Deliveries {
  const { db, log, policy, senders } = parts;
  const oneAtATime = perDestination();

  async function attempt(delivery: DeliveryRow): Promise<Attempt> {
    const sender = senders[delivery.kind];
    try {
      if (delivery.channel === 'email') {
        if (!sender?.mail) return { ok: false, status: null, error: `No e-mail is written for a ${delivery.kind}.` };
        await parts.mailer.send({ to: delivery.target, ...sender.mail(delivery) });
        return { ok: true, status: null };
      }
      const secret = await sender?.secret?.(delivery);
      if (!secret) return { ok: false, status: null, error: 'Its owner is gone: nothing to sign it with.' };
      return await deliverWebhook(delivery.target, delivery.payload, secret, parts.network, delivery.delivery_id);
    } catch (error) {
      return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * One attempt at a claimed message, recorded in the log. A failure worth retrying throws, so
   * the job system tries again after its back-off; the last attempt (the log's count, which
   * outlives a restart) or an answer the receiver means for good fails the message.
   */
  async function send(delivery: DeliveryRow): Promise<void> {
    const outcome = await attempt(delivery);
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
        delivered_at: new Date(),
      });
      return;
    }
    const final = delivery.attempts >= policy.attempts || !isRetryable(outcome.status);
    log.warn({ ...about, final, error: outcome.error }, 'message delivery failed');
    await recordDeliveryOutcome(db, delivery.id, {
      status: final ? 'failed' : 'pending',
      last_error: outcome.error,
      response_status: outcome.status,
      delivered_at: null,
    });
    if (!final) throw new RetryDeliveryError(outcome.error);
  }

  const job = defineJob<DeliveryJob>(
    DELIVERY_JOB,
    async ({ id }) => {
      const queued = await findDelivery(db, id);
      if (queued?.status !== 'pending') return;
      await oneAtATime(queued.target, async () => {
        const delivery = await claimDelivery(db, id, new Date(), ATTEMPT_LIMIT_MS);
        if (delivery) return send(delivery);
        if ((await findDelivery(db, id))?.status === 'pending') throw new DeliveryBusyError(`delivery ${id} is being sent elsewhere`);
      });
    },
    {
      attempts: policy.attempts,
      backoff: { type: 'exponential', delayMs: policy.retryDelayMs },
      timeoutMs: ATTEMPT_LIMIT_MS,
      concurrency: DELIVERY_CONCURRENCY,
    },
    {
      // The job gave up before the log's count did (time-outs, errors): the message fails with what it last heard.
      // One held by another job's attempt is that job's to finish.
      async failedForGood({ id }, error) {
        if (error instanceof DeliveryBusyError) return;
        await failPendingDelivery(
          db,
          id,
          error instanceof RetryDeliveryError ? null : String(error instanceof Error ? error.message : error),
        );
      },
    },
  );

  const deliverNow = (id: number) => parts.jobs.enqueue(job, { id }, { id: jobIdOf(id) });
  return {
    job,
    deliverNow,
    async deliverDue() {
      const ids = await pendingDeliveryIds(db);
      for (const id of ids) await deliverNow(id);
      return ids.length;
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
