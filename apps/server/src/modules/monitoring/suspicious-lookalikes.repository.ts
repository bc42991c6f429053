import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type SeedHashMatch, seedHashMatches } from '../../db/seed-hash.ts';

export type SuspiciousLookalike = { domain: string; first_seen: Date; last_seen: Date; score: number | null };

const monitorsOf = (db: Executor, userId: number) => db.selectFrom('monitors').select('monitors.id').where('monitors.user_id', '=', userId);

/**
 * The look-alikes of `userId`'s own watched domains that monitoring found suspicious, one row per
 * domain (first and last suspicious finding, highest risk), oldest last finding first, after
 * `after` (its time and domain), at most `limit`, only the domains `match` names when given.
 */
export async function listSuspiciousLookalikes(
  db: Executor,
  userId: number,
  after: { added: Date; key: string | null } | null,
  limit: number,
  match?: SeedHashMatch,
): Promise<SuspiciousLookalike[]> {
  const lastSeen = sql<Date>`date_trunc('milliseconds', max(lookalike_events.at))`;
  let query = db
    .selectFrom('lookalike_events')
    .innerJoin('lookalikes', 'lookalikes.id', 'lookalike_events.lookalike_id')
    .select([
      'lookalikes.domain as domain',
      sql<Date>`date_trunc('milliseconds', min(lookalike_events.at))`.as('first_seen'),
      lastSeen.as('last_seen'),
      sql<number | null>`max(lookalikes.risk_score)`.as('score'),
    ])
    .where('lookalike_events.status', '=', 'suspicious')
    .where('lookalike_events.monitor_id', 'in', monitorsOf(db, userId))
    .groupBy('lookalikes.domain');
  if (match) query = query.where(seedHashMatches(sql<string>`lookalikes.domain`, match));
  if (after?.key) query = query.having(sql<boolean>`(${lastSeen}, lookalikes.domain) > (${after.added}, ${after.key})`);
  else if (after) query = query.having(sql<boolean>`${lastSeen} > ${after.added}`);
  return (await query
    .orderBy(sql`3`)
    .orderBy('lookalikes.domain')
    .limit(limit)
    .execute()) as SuspiciousLookalike[];
}

/** The non-suspicious findings (gone, parked, harmless, ...) of these domains on `userId`'s monitors, with when each was seen. */
export function listLookalikeChanges(
  db: Executor,
  userId: number,
  domains: string[],
): Promise<{ domain: string; status: string; at: Date }[]> {
  return db
    .selectFrom('lookalike_events')
    .innerJoin('lookalikes', 'lookalikes.id', 'lookalike_events.lookalike_id')
    .select(['lookalikes.domain as domain', 'lookalike_events.status as status', 'lookalike_events.at as at'])
    .where('lookalikes.domain', 'in', domains)
    .where('lookalike_events.monitor_id', 'in', monitorsOf(db, userId))
    .where('lookalike_events.status', '!=', 'suspicious')
    .execute();
}
