import { type ColumnType, type ExpressionBuilder, type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** What sent a message: the log serves scan callbacks, monitor alerts and saved-search alerts alike. */
export type DeliveryKind = 'scan_callback' | 'monitor_alert' | 'saved_search_alert';

export type DeliveriesTable = {
  id: Generated<number>;
  kind: DeliveryKind;
  channel: 'email' | 'webhook';
  target: string;
  payload: ColumnType<unknown, string, string>;
  /** The account the message is for: a scan callback is signed with its key. */
  account_id: number | null;
  /** The Standard Webhooks `webhook-id`: the same on every attempt, so receivers drop repeats. */
  delivery_id: string;
  /** The scan uid or monitor id it came from, for the caller's log and clean-up. */
  source_id: string;
  /** One message of the source (an alert's batch): a kind, batch and channel is queued once. */
  batch: string;
  /** `held`: waits for its caller to release it (an alert address not confirmed yet). */
  status: 'held' | 'pending' | 'delivered' | 'failed';
  /** Attempts made so far, across restarts: the log's count, not the job system's, decides the last one. */
  attempts: Generated<number>;
  /** While an attempt runs: another process's job for the same message leaves it alone until then. */
  locked_until: Date | null;
  last_error: string | null;
  response_status: number | null;
  created_at: Generated<Date>;
  delivered_at: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    deliveries: DeliveriesTable;
  }
}

export type DeliveryRow = Selectable<DeliveriesTable>;

/** One outgoing message to queue: sent by its job (`Deliveries.deliverNow`, `Deliveries.deliverDue`). */
export type NewDelivery = {
  kind: DeliveryKind;
  channel: DeliveryRow['channel'];
  target: string;
  payload: unknown;
  accountId: number | null;
  sourceId: string;
  batch: string;
  deliveryId: string;
  held?: boolean;
};

/**
 * Queues messages, inside the caller's transaction when it passes one. A message already queued
 * (same kind, batch and channel) is left as it is; the ids of the rows added are returned.
 */
export async function queueDeliveries(db: Executor, messages: readonly NewDelivery[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insertInto('deliveries')
    .values(
      messages.map((message) => ({
        kind: message.kind,
        channel: message.channel,
        target: message.target,
        payload: JSON.stringify(message.payload),
        account_id: message.accountId,
        delivery_id: message.deliveryId,
        source_id: message.sourceId,
        batch: message.batch,
        status: message.held ? ('held' as const) : ('pending' as const),
        locked_until: null,
        last_error: null,
        response_status: null,
        delivered_at: null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['kind', 'batch', 'channel']).doNothing())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the pending delivery `id` for one attempt, locked for `lockMs`: the lock keeps a second
 * job for the same message (another process's, after both re-queued the log at start) from
 * sending it twice. Undefined when it is finished, held, gone or locked by a running attempt.
 */
export function claimDelivery(db: Executor, id: number, now: Date, lockMs: number): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('deliveries')
    .set({ attempts: sql`attempts + 1`, locked_until: new Date(now.getTime() + lockMs) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

export function findDelivery(db: Executor, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every message not finished and not held, oldest first: what a process hands to the job system at start. */
export async function pendingDeliveryIds(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('deliveries').select('id').where('status', '=', 'pending').orderBy('id').execute();
  return rows.map((row) => row.id);
}

export async function recordDeliveryOutcome(
  db: Executor,
  id: number,
  outcome: Pick<DeliveryRow, 'status' | 'last_error' | 'response_status' | 'delivered_at'>,
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ ...outcome, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** Fails a message still pending for good (its job gave up), keeping its last answer unless `error` says more. */
export async function failPendingDelivery(db: Executor, id: number, error: string | null): Promise<void> {
  await db
    .updateTable('deliveries')
    .set((eb) => ({ status: 'failed', locked_until: null, last_error: error ?? eb.ref('last_error') }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** The latest messages of one source, newest first (a monitor's delivery log). */
export function deliveriesOf(db: Executor, kind: DeliveryKind, sourceId: string, limit = 200): Promise<DeliveryRow[]> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('kind', '=', kind)
    .where('source_id', '=', sourceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

type HeldMessages = { kind: DeliveryKind; sourceId: string; channel: DeliveryRow['channel']; target: string };

/** The held messages of one source to one target (addresses compared as mail servers do, case aside). */
const heldFor = (held: HeldMessages) => (eb: ExpressionBuilder<Database, 'deliveries'>) =>
  eb.and([
    eb('kind', '=', held.kind),
    eb('source_id', '=', held.sourceId),
    eb('channel', '=', held.channel),
    eb('status', '=', 'held'),
    eb(sql<string>`lower(target)`, '=', held.target.toLowerCase()),
  ]);

/** Lets the messages held for `target` go: pending, they are sent at the next `Deliveries.deliverDue`. */
export async function releaseHeldDeliveries(db: Executor, held: HeldMessages): Promise<void> {
  await db.updateTable('deliveries').set({ status: 'pending' }).where(heldFor(held)).execute();
}

/** Drops the messages held for `target`: they will never be released. */
export async function dropHeldDeliveries(db: Executor, held: HeldMessages): Promise<void> {
  await db.deleteFrom('deliveries').where(heldFor(held)).execute();
}

/** Forgets every message of a source that is gone (a removed monitor). */
export async function forgetDeliveries(db: Executor, kind: DeliveryKind, sourceId: string): Promise<void> {
  await db.deleteFrom('deliveries').where('kind', '=', kind).where('source_id', '=', sourceId).execute();
}
