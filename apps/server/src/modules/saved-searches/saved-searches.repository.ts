import { type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { IndexedScan } from '../search/index.ts';

export type SavedSearchesTable = {
  id: Generated<number>;
  uid: string;
  user_id: number;
  name: string;
  /** The search as its owner wrote it; parsed again where it is matched. */
  q: string;
  notify_email: boolean;
  webhook_url: string | null;
  created_at: Generated<Date>;
  /** When its owner last opened its matches: later matches are "new since you last looked". */
  last_viewed_at: Date | null;
};

export type SavedSearchMatchesTable = { saved_search_id: number; scan_uid: string; matched_at: Generated<Date> };

declare module '../../db/schema.ts' {
  interface Database {
    saved_searches: SavedSearchesTable;
    saved_search_matches: SavedSearchMatchesTable;
  }
}

export type SavedSearchRow = Selectable<SavedSearchesTable>;
export type SavedSearchWithCount = SavedSearchRow & { new_matches: number };

export async function insertSavedSearch(
  db: Executor,
  row: Omit<SavedSearchRow, 'id' | 'created_at' | 'last_viewed_at'>,
): Promise<SavedSearchRow> {
  return db.insertInto('saved_searches').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function countSavedSearches(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The owner's saved searches, oldest first, each with its matches since the last look. */
export async function savedSearchesOf(db: Executor, userId: number): Promise<SavedSearchWithCount[]> {
  const rows = await db
    .selectFrom('saved_searches as s')
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('saved_search_matches as m')
        .select(sql<string>`count(*)`.as('count'))
        .whereRef('m.saved_search_id', '=', 's.id')
        .where((inner) => inner.or([inner('s.last_viewed_at', 'is', null), inner('m.matched_at', '>', inner.ref('s.last_viewed_at'))]))
        .as('new_matches'),
    )
    .where('s.user_id', '=', userId)
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({ ...row, new_matches: Number(row.new_matches ?? 0) }));
}

export async function findSavedSearch(db: Executor, userId: number, uid: string): Promise<SavedSearchRow | undefined> {
  return db.selectFrom('saved_searches').selectAll().where('uid', '=', uid).where('user_id', '=', userId).executeTakeFirst();
}

export async function deleteSavedSearch(db: Executor, userId: number, uid: string): Promise<boolean> {
  const result = await db.deleteFrom('saved_searches').where('uid', '=', uid).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function markViewed(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('saved_searches').set({ last_viewed_at: at }).where('id', '=', id).execute();
}

/** Every saved search of the owners who may see this scan: its owner's, and everyone's when it is listed. */
export async function savedSearchesFor(db: Executor, scan: Pick<IndexedScan, 'listed' | 'owner_id'>): Promise<SavedSearchRow[]> {
  let query = db.selectFrom('saved_searches').selectAll();
  if (!scan.listed) {
    if (scan.owner_id === null) return [];
    query = query.where('user_id', '=', scan.owner_id);
  }
  return query.orderBy('id').execute();
}

/** Records matches once per search and scan; answers the searches newly matched. */
export async function recordMatches(db: Executor, ids: readonly number[], scanUid: string, at: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .insertInto('saved_search_matches')
    .values(ids.map((id) => ({ saved_search_id: id, scan_uid: scanUid, matched_at: at })))
    .onConflict((conflict) => conflict.columns(['saved_search_id', 'scan_uid']).doNothing())
    .returning('saved_search_id')
    .execute();
  return rows.map((row) => row.saved_search_id);
}

export type MatchRow = { scan_uid: string; matched_at: Date };

/** A saved search's newest matches. */
export async function matchesOf(db: Executor, id: number, limit: number): Promise<MatchRow[]> {
  return db
    .selectFrom('saved_search_matches')
    .select(['scan_uid', 'matched_at'])
    .where('saved_search_id', '=', id)
    .orderBy('matched_at', 'desc')
    .orderBy('scan_uid')
    .limit(limit)
    .execute();
}
