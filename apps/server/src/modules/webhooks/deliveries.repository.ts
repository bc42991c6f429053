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
    deliveries: DeliveriesTable;
  }
}

export type DeliveryRow = Selectable<DeliveriesTable>;

/** One outgoing message to queue: sent at the next sweep (or at once, see `Deliveries.deliverNow`). */
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
export async function queueDeliveries(db: Executor, messages: readonly NewDelivery[], now: Date = new Date()): Promise<number[]> {
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
        next_attempt_at: now,
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
 * Takes the next due delivery of `kinds` (only `id`, when given) for one attempt, locked for
 * `lockMs`: `for update skip locked` and the lock keep two processes from sending one row twice.
 * Messages to `busyTargets` are left for later.
 */
export function claimDueDelivery(
  db: Executor,
  now: Date,
  lockMs: number,
  kinds: readonly DeliveryKind[],
  id?: number,
  /** Destinations already busy with as many attempts as they may have: their messages wait. */
  busyTargets: readonly string[] = [],
): Promise<DeliveryRow | undefined> {
  if (kinds.length === 0) return Promise.resolve(undefined);
  let due = db
    .selectFrom('deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('kind', 'in', kinds)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
  if (id !== undefined) due = due.where('id', '=', id);
  if (busyTargets.length > 0) due = due.where('target', 'not in', busyTargets);
  return db
    .updateTable('deliveries')
    .set({ attempts: sql`attempts + 1`, locked_until: new Date(now.getTime() + lockMs) })
    .where('id', '=', due.orderBy('next_attempt_at').limit(1).forUpdate().skipLocked())
    .returningAll()
    .executeTakeFirst();
}

export async function recordDeliveryOutcome(
  db: Executor,
  id: number,
  outcome: Pick<DeliveryRow, 'status' | 'last_error' | 'response_status' | 'delivered_at'> & { next_attempt_at?: Date },
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ ...outcome, locked_until: null })
    .where('id', '=', id)
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

/** Lets the messages held for `target` go at the next sweep. */
export async function releaseHeldDeliveries(db: Executor, held: HeldMessages, now: Date = new Date()): Promise<void> {
  await db.updateTable('deliveries').set({ status: 'pending', next_attempt_at: now }).where(heldFor(held)).execute();
}

/** Drops the messages held for `target`: they will never be released. */
export async function dropHeldDeliveries(db: Executor, held: HeldMessages): Promise<void> {
  await db.deleteFrom('deliveries').where(heldFor(held)).execute();
}

/** Forgets every message of a source that is gone (a removed monitor). */
export async function forgetDeliveries(db: Executor, kind: DeliveryKind, sourceId: string): Promise<void> {
  await db.deleteFrom('deliveries').where('kind', '=', kind).where('source_id', '=', sourceId).execute();
}
