import type { LookalikeDnsRecords, LookalikeStatus, PageCopy } from '@riskscan/contracts';
import { type ColumnType, type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type LookalikesTable = {
  id: Generated<number>;
  monitor_id: number;
  domain: string;
  fuzzer: string;
  status: LookalikeStatus;
  dns: ColumnType<LookalikeDnsRecords, string, string>;
  registered_at: Date | null;
  risk_score: number | null;
  scan_uid: string | null;
  screenshot_link: string | null;
  content_hash: string | null;
  similarity_html: number | null;
  similarity_visual: number | null;
  /** The brand page this look-alike's page copies (issue 39). */
  copy_of: ColumnType<PageCopy | null, string | null, string | null>;
  first_seen: Generated<Date>;
  last_checked: Generated<Date>;
};

export type LookalikeEventsTable = {
  id: Generated<number>;
  lookalike_id: number;
  monitor_id: number;
  source: string;
  status: LookalikeStatus;
  previous_status: LookalikeStatus | null;
  alert_batch: string | null;
  at: Generated<Date>;
};

declare module '../../db/schema.ts' {
  interface Database {
    lookalikes: LookalikesTable;
    lookalike_events: LookalikeEventsTable;
  }
}

export type LookalikeRow = Selectable<LookalikesTable>;
export type LookalikeEventRow = Selectable<LookalikeEventsTable>;
export type LookalikeFacts = Partial<
  Pick<
    LookalikeRow,
    | 'dns'
    | 'risk_score'
    | 'scan_uid'
    | 'screenshot_link'
    | 'content_hash'
    | 'similarity_html'
    | 'similarity_visual'
    | 'copy_of'
    | 'registered_at'
  >
>;

export function findLookalike(db: Executor, monitorId: number, domain: string): Promise<LookalikeRow | undefined> {
  return db.selectFrom('lookalikes').selectAll().where('monitor_id', '=', monitorId).where('domain', '=', domain).executeTakeFirst();
}

export function lookalikesOfMonitor(db: Executor, monitorId: number): Promise<LookalikeRow[]> {
  return db.selectFrom('lookalikes').selectAll().where('monitor_id', '=', monitorId).execute();
}

/**
 * Records what a check saw: a new look-alike, or a status change, with its event; `source` names
 * the run (or feed day) so a replayed run records nothing twice. Facts are updated either way.
 * The caller runs it in a transaction: the row lock holds until the event is written.
 */
export async function recordObservation(
  db: Executor,
  input: { monitorId: number; domain: string; fuzzer: string; status: LookalikeStatus; facts: LookalikeFacts; source: string; now: Date },
): Promise<{ lookalike: LookalikeRow; changed: boolean }> {
  const { dns, copy_of: copyOf, ...rest } = input.facts;
  const facts = copyOf === undefined ? rest : { ...rest, copy_of: copyOf === null ? null : JSON.stringify(copyOf) };
  const inserted = await db
    .insertInto('lookalikes')
    .values({
      monitor_id: input.monitorId,
      domain: input.domain,
      fuzzer: input.fuzzer,
      status: input.status,
      dns: JSON.stringify(dns ?? { a: [], aaaa: [], mx: [], ns: [] }),
      registered_at: null,
      risk_score: null,
      scan_uid: null,
      screenshot_link: null,
      content_hash: null,
      similarity_html: null,
      similarity_visual: null,
      copy_of: null,
      ...facts,
      first_seen: input.now,
      last_checked: input.now,
    })
    .onConflict((conflict) => conflict.columns(['monitor_id', 'domain']).doNothing())
    .returningAll()
    .executeTakeFirst();
  const previous = inserted
    ? null
    : await db
        .selectFrom('lookalikes')
        .selectAll()
        .where('monitor_id', '=', input.monitorId)
        .where('domain', '=', input.domain)
        .forUpdate()
        .executeTakeFirstOrThrow();
  const lookalike = inserted
    ? inserted
    : await db
        .updateTable('lookalikes')
        .set({ ...facts, ...(dns ? { dns: JSON.stringify(dns) } : {}), status: input.status, last_checked: input.now })
        .where('id', '=', previous!.id)
        .returningAll()
        .executeTakeFirstOrThrow();
  const changed = !previous || previous.status !== input.status;
  if (changed) {
    await db
      .insertInto('lookalike_events')
      .values({
        lookalike_id: lookalike.id,
        monitor_id: input.monitorId,
        source: input.source,
        status: input.status,
        previous_status: previous?.status ?? null,
        alert_batch: null,
        at: input.now,
      })
      .onConflict((conflict) => conflict.columns(['lookalike_id', 'source', 'status']).doNothing())
      .execute();
  }
  return { lookalike, changed };
}

export async function touchLookalike(db: Executor, id: number, now: Date, dns: LookalikeDnsRecords): Promise<void> {
  await db
    .updateTable('lookalikes')
    .set({ last_checked: now, dns: JSON.stringify(dns) })
    .where('id', '=', id)
    .execute();
}

/** Sets a look-alike's registration date unless one is known already. */
export async function setRegistrationDate(db: Executor, id: number, registeredAt: Date): Promise<void> {
  await db.updateTable('lookalikes').set({ registered_at: registeredAt }).where('id', '=', id).where('registered_at', 'is', null).execute();
}

export async function pageOfLookalikes(
  db: Executor,
  monitorId: number,
  filter: { status?: LookalikeStatus | undefined; offset: number; limit: number },
): Promise<{ count: number; rows: LookalikeRow[] }> {
  let query = db.selectFrom('lookalikes').where('monitor_id', '=', monitorId);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [{ n }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy(sql`case status when 'suspicious' then 0 when 'live' then 1 when 'parked' then 2 when 'registered' then 3 else 4 end`)
      .orderBy('first_seen', 'desc')
      .orderBy('domain')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
  ]);
  return { count: Number(n), rows };
}

export function historyOf(db: Executor, lookalikeIds: number[]): Promise<LookalikeEventRow[]> {
  if (lookalikeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('lookalike_events').selectAll().where('lookalike_id', 'in', lookalikeIds).orderBy('at').orderBy('id').execute();
}

export function countLookalikes(db: Executor, monitorIds: number[]): Promise<Map<number, number>> {
  if (monitorIds.length === 0) return Promise.resolve(new Map());
  return db
    .selectFrom('lookalikes')
    .select(['monitor_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('monitor_id', 'in', monitorIds)
    .groupBy('monitor_id')
    .execute()
    .then((rows) => new Map(rows.map((row) => [row.monitor_id, Number(row.n)])));
}

/** Look-alikes still registered (not gone) of the domains one account watches, for its retro-hunts; at most `limit`. */
export function lookalikesWatchedBy(
  db: Executor,
  userId: number,
  limit = 100_000,
): Promise<{ domain: string; status: LookalikeStatus; watched: string }[]> {
  return db
    .selectFrom('lookalikes')
    .innerJoin('monitors', 'monitors.id', 'lookalikes.monitor_id')
    .select(['lookalikes.domain as domain', 'lookalikes.status as status', 'monitors.domain as watched'])
    .where('monitors.user_id', '=', userId)
    .where('lookalikes.status', '!=', 'gone')
    .limit(limit)
    .execute();
}
