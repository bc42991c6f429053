import type { MonitorAlertPayload } from '@riskscan/contracts';
import { type ColumnType, type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { LookalikeEventRow } from './lookalikes.repository.ts';

export type AlertDeliveriesTable = {
  id: Generated<number>;
  monitor_id: number;
  batch: string;
  channel: 'email' | 'webhook';
  target: string;
  payload: ColumnType<MonitorAlertPayload, string, string>;
  events: number;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_error: string | null;
  response_status: number | null;
  created_at: Generated<Date>;
  delivered_at: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    alert_deliveries: AlertDeliveriesTable;
  }
}

export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;

/**
 * Gathers the monitor's events no alert has taken yet into one batch and queues its deliveries,
 * in one transaction: the events are marked with the batch as they are taken, so two workers
 * flushing at once never alert the same event twice.
 */
export function takeUnalertedEvents(
  db: Executor,
  monitorId: number,
  batch: string,
  deliveries: (events: (LookalikeEventRow & { domain: string; risk_score: number | null; scan_uid: string | null })[]) => {
    channel: AlertDeliveryRow['channel'];
    target: string;
    payload: MonitorAlertPayload;
  }[],
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('lookalike_events')
      .set({ alert_batch: batch })
      .where('monitor_id', '=', monitorId)
      .where('alert_batch', 'is', null)
      .returningAll()
      .execute();
    if (taken.length === 0) return 0;
    const lookalikes = await trx
      .selectFrom('lookalikes')
      .select(['id', 'domain', 'risk_score', 'scan_uid'])
      .where(
        'id',
        'in',
        taken.map((event) => event.lookalike_id),
      )
      .execute();
    const byId = new Map(lookalikes.map((row) => [row.id, row]));
    const events = taken
      .sort((a, b) => a.id - b.id)
      .map((event) => ({
        ...event,
        domain: byId.get(event.lookalike_id)!.domain,
        risk_score: byId.get(event.lookalike_id)!.risk_score,
        scan_uid: byId.get(event.lookalike_id)!.scan_uid,
      }));
    const rows = deliveries(events);
    if (rows.length > 0) {
      await trx
        .insertInto('alert_deliveries')
        .values(
          rows.map((row) => ({
            monitor_id: monitorId,
            batch,
            channel: row.channel,
            target: row.target,
            payload: JSON.stringify(row.payload),
            events: events.length,
            status: 'pending' as const,
            next_attempt_at: now,
            locked_until: null,
            last_error: null,
            response_status: null,
            delivered_at: null,
          })),
        )
        .onConflict((conflict) => conflict.columns(['batch', 'channel']).doNothing())
        .execute();
    }
    await trx.updateTable('monitors').set({ last_digest_at: now }).where('id', '=', monitorId).execute();
    return events.length;
  });
}

/** Takes the next due delivery for one attempt, locked for `lockMs` so no other worker sends it meanwhile. */
export function claimDueDelivery(db: Executor, now: Date, lockMs: number): Promise<AlertDeliveryRow | undefined> {
  return db
    .updateTable('alert_deliveries')
    .set({ attempts: sql`attempts + 1`, locked_until: new Date(now.getTime() + lockMs) })
    .where(
      'id',
      '=',
      db
        .selectFrom('alert_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        // E-mail to the monitor's alert address is held until that address is confirmed (issue 29);
        // the account's own address needs none. Held mail to an address replaced unconfirmed is dropped.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('monitors')
                .whereRef('monitors.id', '=', 'alert_deliveries.monitor_id')
                .where('alert_deliveries.channel', '=', 'email')
                .where(sql`lower(monitors.alert_email)`, '=', sql`lower(alert_deliveries.target)`)
                .where('monitors.alert_email_confirmed_at', 'is', null)
                .select(sql`1`.as('one')),
            ),
          ),
        )
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function recordDeliveryOutcome(
  db: Executor,
  id: number,
  outcome: {
    status: AlertDeliveryRow['status'];
    next_attempt_at?: Date;
    last_error: string | null;
    response_status: number | null;
    delivered_at: Date | null;
  },
): Promise<void> {
  await db
    .updateTable('alert_deliveries')
    .set({ ...outcome, locked_until: null })
    .where('id', '=', id)
    .execute();
}

export function deliveriesOf(db: Executor, monitorId: number): Promise<AlertDeliveryRow[]> {
  return db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Drops the e-mail held for an alert address that is being replaced before it was confirmed. */
export async function dropHeldEmail(db: Executor, monitorId: number, target: string): Promise<void> {
  await db
    .deleteFrom('alert_deliveries')
    .where('monitor_id', '=', monitorId)
    .where('channel', '=', 'email')
    .where('status', '=', 'pending')
    .where(sql`lower(target)`, '=', target.toLowerCase())
    .execute();
}
