import { lookupRegistration, type GuardedFetchOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { lookalikesOfMonitor, setRegistrationDate } from './lookalikes.repository.ts';
import { LOOKALIKE_FETCH_TIMEOUT_MS } from './page-check.ts';
import { inPool } from './pool.ts';

/** A name's last registry answer in this process: its creation date, or null when none was given. */
export type RegistrationLookups = Map<string, { at: number; registered: Date | null }>;

/**
 * What recording registration dates reads of the monitoring context (which holds the lookups, so
 * it is named here rather than imported: the context's file imports this one).
 */
type RegistrationContext = {
  db: Db;
  log: FastifyBaseLogger;
  network: Omit<GuardedFetchOptions, 'signal'>;
  rdap: { bootstrapUrl?: string; recent: RegistrationLookups };
  now(): Date;
};

/** Registries rate-limit hard: a name whose date stays unknown is asked again a day later, not every run. */
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
const RDAP_CONCURRENCY = 4;

function creationDate(registered: string | null | undefined): Date | null {
  const date = registered ? new Date(registered) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** A name's creation date through RDAP, asked at most once a day per name; null when unknown. */
async function registrationDate(ctx: RegistrationContext, domain: string): Promise<Date | null> {
  const now = ctx.now();
  const recent = ctx.rdap.recent.get(domain);
  if (recent && now.getTime() - recent.at < RETRY_AFTER_MS) return recent.registered;
  const answer = await lookupRegistration(domain, {
    // The scan's egress policy and DNS servers: a registry is reached like any target.
    fetchOptions: { ...ctx.network, timeoutMs: LOOKALIKE_FETCH_TIMEOUT_MS },
    ...(ctx.rdap.bootstrapUrl ? { bootstrapUrl: ctx.rdap.bootstrapUrl } : {}),
    now,
  });
  const registered = creationDate(answer?.registered);
  for (const [name, entry] of ctx.rdap.recent) if (now.getTime() - entry.at >= RETRY_AFTER_MS) ctx.rdap.recent.delete(name);
  ctx.rdap.recent.set(domain, { at: now.getTime(), registered });
  return registered;
}

/**
 * Fills in the creation date of the look-alikes found registered this run that have none yet.
 * Enrichment only: a registry that fails or says nothing leaves the date empty, never fails the run.
 */
export async function recordRegistrationDates(ctx: RegistrationContext, monitorId: number, registered: ReadonlySet<string>): Promise<void> {
  try {
    const undated = (await lookalikesOfMonitor(ctx.db, monitorId)).filter(
      (row) => row.registered_at === null && registered.has(row.domain),
    );
    await inPool(undated, RDAP_CONCURRENCY, async (row) => {
      const date = await registrationDate(ctx, row.domain);
      if (date) await setRegistrationDate(ctx.db, row.id, date);
    });
  } catch (error) {
    ctx.log.warn({ err: error, monitorId }, 'registration dates of look-alikes not recorded');
  }
}
