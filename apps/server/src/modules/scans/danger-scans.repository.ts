import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type SeedHashMatch, seedHashMatches } from '../../db/seed-hash.ts';

/** Scans rated Danger from this score up. */
const DANGER = 80;

export type DangerScanUrl = { url: string; first_seen: Date; last_seen: Date; score: number };

/**
 * Public scans rated Danger, one row per URL (first and last Danger scan, highest score), oldest
 * last scan first, after `after` (its last scan time and URL), at most `limit`, only the URLs
 * `match` names when given. Private scans and URLs carrying secrets (off the board) never appear.
 */
export async function listDangerScanUrls(
  db: Executor,
  after: { added: Date; key: string | null } | null,
  limit: number,
  match?: SeedHashMatch,
): Promise<DangerScanUrl[]> {
  const lastSeen = sql<Date>`date_trunc('milliseconds', max(finished_at))`;
  let query = db
    .selectFrom('scans')
    .select([
      'url',
      sql<Date>`date_trunc('milliseconds', min(finished_at))`.as('first_seen'),
      lastSeen.as('last_seen'),
      sql<number>`max(overall_risk)`.as('score'),
    ])
    .where('status', '=', 'done')
    .where('on_board', '=', true)
    .where('overall_risk', '>=', DANGER)
    .where('finished_at', 'is not', null)
    .groupBy('url');
  if (match) query = query.where(seedHashMatches(sql<string>`url`, match));
  if (after?.key) query = query.having(sql<boolean>`(${lastSeen}, url) > (${after.added}, ${after.key})`);
  else if (after) query = query.having(sql<boolean>`${lastSeen} > ${after.added}`);
  return (await query
    .orderBy(sql`3`)
    .orderBy('url')
    .limit(limit)
    .execute()) as DangerScanUrl[];
}

/** For each of `urls`, when a scan after its last Danger scan first found it below Danger. */
export async function findDangerClearings(db: Executor, urls: string[]): Promise<Map<string, Date>> {
  const cleared = await db
    .selectFrom('scans as later')
    .innerJoin(
      db
        .selectFrom('scans')
        .select(['url', sql<Date>`max(finished_at)`.as('last_danger')])
        .where('overall_risk', '>=', DANGER)
        .where('status', '=', 'done')
        .where('url', 'in', urls)
        .groupBy('url')
        .as('danger'),
      'danger.url',
      'later.url',
    )
    .select(['later.url', sql<Date>`min(later.finished_at)`.as('cleared_at')])
    .where('later.status', '=', 'done')
    .where('later.overall_risk', '<', DANGER)
    .whereRef('later.finished_at', '>', 'danger.last_danger')
    .groupBy('later.url')
    .execute();
  return new Map(cleared.map((row) => [row.url, new Date(row.cleared_at)]));
}
