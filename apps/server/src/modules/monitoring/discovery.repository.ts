import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { WatchedName } from './lookalike-matcher.ts';

export type MonitoringFeedsTable = { name: string; last_fetched_at: Date };

declare module '../../db/schema.ts' {
  interface Database {
    monitoring_feeds: MonitoringFeedsTable;
  }
}

/** Every watched domain the discovery feeds match against. */
export function watchedNames(db: Executor): Promise<WatchedName[]> {
  return db
    .selectFrom('monitors')
    .select(['id', 'domain', 'keywords'])
    .where('paused', '=', false)
    .execute()
    .then((rows) => rows.map((row) => ({ monitorId: row.id, domain: row.domain, keywords: row.keywords })));
}

/** True for the one caller that may take `feed` now: its last download is at least `everyMs` old (or there was none). */
export async function claimFeed(db: Executor, feed: string, now: Date, everyMs: number): Promise<boolean> {
  const claimed = await db
    .insertInto('monitoring_feeds')
    .values({ name: feed, last_fetched_at: now })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ last_fetched_at: now })
        .where('monitoring_feeds.last_fetched_at', '<=', new Date(now.getTime() - everyMs)),
    )
    .returning(sql<number>`1`.as('claimed'))
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Backdates a feed's last download, so the next claim comes sooner (after a failed download). */
export async function releaseFeed(db: Executor, feed: string, lastFetchedAt: Date): Promise<void> {
  await db.updateTable('monitoring_feeds').set({ last_fetched_at: lastFetchedAt }).where('name', '=', feed).execute();
}
