import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type SeedHashMatch, seedHashMatches } from '../../db/seed-hash.ts';

export type SuspiciousLookalike = {
  domain: string;
  first_seen: Date;
  last_seen: Date;
  score: number | null;
  /** The first finding after the last suspicious one that was not suspicious (gone, parked, harmless). */
  cleared_at: Date | null;
  /** The finding's version: its last change, a clearing, or its expiry once that has passed. */
  version: Date;
};

const monitorsOf = (db: Executor, userId: number) => db.selectFrom('monitors').select('monitors.id').where('monitors.user_id', '=', userId);

/**
 * The look-alikes of `userId`'s own watched domains that monitoring found suspicious, one row per
 * domain (first and last suspicious finding, highest risk, when it cleared), in version order:
 * a finding's version moves when it is seen again, when it clears, and when it expires
 * (`maxAgeDays` after the last suspicious finding, once `now` is past that), so a poller that asks
 * for what changed since its last poll sees each of them (STIX 2.1 versioning). After `after`
 * (version and domain), at most `limit`, only the domains `match` names when given.
 */
export async function listSuspiciousLookalikes(
  db: Executor,
  userId: number,
  options: {
    after: { added: Date; key: string | null } | null;
    limit: number;
    match?: SeedHashMatch | undefined;
    now: Date;
    maxAgeDays: number;
  },
): Promise<SuspiciousLookalike[]> {
  let suspicious = db
    .selectFrom('lookalike_events')
    .innerJoin('lookalikes', 'lookalikes.id', 'lookalike_events.lookalike_id')
    .select([
      'lookalikes.domain as domain',
      sql<Date>`date_trunc('milliseconds', min(lookalike_events.at))`.as('first_seen'),
      sql<Date>`date_trunc('milliseconds', max(lookalike_events.at))`.as('last_seen'),
      sql<number | null>`max(lookalikes.risk_score)`.as('score'),
    ])
    .where('lookalike_events.status', '=', 'suspicious')
    .where('lookalike_events.monitor_id', 'in', monitorsOf(db, userId))
    .groupBy('lookalikes.domain');
  if (options.match) suspicious = suspicious.where(seedHashMatches(sql<string>`lookalikes.domain`, options.match));
  const clearing = db
    .selectFrom('lookalike_events as later')
    .innerJoin('lookalikes as l', 'l.id', 'later.lookalike_id')
    .select(sql<Date | null>`date_trunc('milliseconds', min(later.at))`.as('cleared_at'))
    .where(sql<boolean>`l.domain = s.domain`)
    .where('later.monitor_id', 'in', monitorsOf(db, userId))
    .where('later.status', '!=', 'suspicious')
    .where(sql<boolean>`later.at > s.last_seen`);
  const expiry = sql<Date>`(s.last_seen + make_interval(days => ${options.maxAgeDays}))`;
  const versioned = db
    .selectFrom(suspicious.as('s'))
    .leftJoinLateral(clearing.as('c'), (join) => join.onTrue())
    .select([
      's.domain',
      's.first_seen',
      's.last_seen',
      's.score',
      'c.cleared_at',
      sql<Date>`greatest(s.last_seen, c.cleared_at, case when c.cleared_at is null and ${expiry} <= ${options.now} then ${expiry} end)`.as(
        'version',
      ),
    ]);
  let query = db.selectFrom(versioned.as('v')).selectAll();
  const after = options.after;
  if (after?.key) query = query.where(sql<boolean>`(version, domain) > (${after.added}, ${after.key})`);
  else if (after) query = query.where('version', '>', after.added);
  const rows = await query.orderBy('version').orderBy('domain').limit(options.limit).execute();
  return rows.map((row) => ({
    ...row,
    first_seen: new Date(row.first_seen),
    last_seen: new Date(row.last_seen),
    cleared_at: row.cleared_at === null ? null : new Date(row.cleared_at),
    version: new Date(row.version),
  }));
}
