import type { Executor } from '../../db/database.ts';
import type { LookalikeEventRow } from './lookalikes.repository.ts';

export type AlertEvent = LookalikeEventRow & { domain: string; risk_score: number | null; scan_uid: string | null };

/**
 * Marks the monitor's events no alert has taken yet with `batch` and returns them, oldest first,
 * with their look-alikes; run inside the transaction that queues the alert, two workers flushing
 * at once never alert the same event twice.
 */
export async function takeUnalertedEvents(db: Executor, monitorId: number, batch: string): Promise<AlertEvent[]> {
  const taken = await db
    .updateTable('lookalike_events')
    .set({ alert_batch: batch })
    .where('monitor_id', '=', monitorId)
    .where('alert_batch', 'is', null)
    .returningAll()
    .execute();
  if (taken.length === 0) return [];
  const lookalikes = await db
    .selectFrom('lookalikes')
    .select(['id', 'domain', 'risk_score', 'scan_uid'])
    .where(
      'id',
      'in',
      taken.map((event) => event.lookalike_id),
    )
    .execute();
  const byId = new Map(lookalikes.map((row) => [row.id, row]));
  return taken
    .sort((a, b) => a.id - b.id)
    .map((event) => ({
      ...event,
      domain: byId.get(event.lookalike_id)!.domain,
      risk_score: byId.get(event.lookalike_id)!.risk_score,
      scan_uid: byId.get(event.lookalike_id)!.scan_uid,
    }));
}

export async function markDigested(db: Executor, monitorId: number, now: Date): Promise<void> {
  await db.updateTable('monitors').set({ last_digest_at: now }).where('id', '=', monitorId).execute();
}
