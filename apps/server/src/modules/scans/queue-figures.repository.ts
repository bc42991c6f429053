import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Scans accepted and not finished, by status, fleet-wide (the metrics module's queue gauges). */
export async function countUnfinishedScans(db: Executor): Promise<{ queued: number; running: number }> {
  const rows = await db
    .selectFrom('scans')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .where('status', 'in', ['queued', 'running'])
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { queued: of('queued'), running: of('running') };
}

/** How long the oldest scan still queued has waited, in seconds (0 when none waits). */
export async function oldestQueuedScanAgeSeconds(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('scans')
    .select(sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('age'))
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Math.max(0, row?.age ?? 0);
}
