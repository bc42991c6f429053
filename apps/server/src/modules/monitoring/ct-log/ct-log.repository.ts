import type { ColumnType, Selectable } from 'kysely';
import { splitDomain } from '@riskscan/scanner';
import type { Executor } from '../../../db/database.ts';

/** PostgreSQL's bigint comes back as text; log indexes stay far below 2^53. */
type LogIndex = ColumnType<string | number, number, number>;

export type CtLogPositionsTable = {
  log_url: string;
  next_index: LogIndex;
  tree_size: LogIndex;
  grew_at: Date;
  polled_at: Date;
  last_error: string | null;
};

export type CtNamesSeenTable = {
  name: string;
  first_seen: Date;
  log_url: string;
  recorded_at: ColumnType<Date, never, never>;
};

declare module '../../../db/schema.ts' {
  interface Database {
    ct_log_positions: CtLogPositionsTable;
    ct_names_seen: CtNamesSeenTable;
  }
}

export type CtLogPosition = { logUrl: string; nextIndex: number; treeSize: number; grewAt: Date; polledAt: Date; lastError: string | null };

const toPosition = (row: Selectable<CtLogPositionsTable>): CtLogPosition => ({
  logUrl: row.log_url,
  nextIndex: Number(row.next_index),
  treeSize: Number(row.tree_size),
  grewAt: row.grew_at,
  polledAt: row.polled_at,
  lastError: row.last_error,
});

export async function findLogPosition(db: Executor, logUrl: string): Promise<CtLogPosition | undefined> {
  const row = await db.selectFrom('ct_log_positions').selectAll().where('log_url', '=', logUrl).executeTakeFirst();
  return row && toPosition(row);
}

export async function listLogPositions(db: Executor): Promise<CtLogPosition[]> {
  const rows = await db.selectFrom('ct_log_positions').selectAll().orderBy('log_url').execute();
  return rows.map(toPosition);
}

export async function saveLogPosition(db: Executor, position: CtLogPosition): Promise<void> {
  const values = {
    next_index: position.nextIndex,
    tree_size: position.treeSize,
    grew_at: position.grewAt,
    polled_at: position.polledAt,
    last_error: position.lastError,
  };
  await db
    .insertInto('ct_log_positions')
    .values({ log_url: position.logUrl, ...values })
    .onConflict((conflict) => conflict.column('log_url').doUpdateSet(values))
    .execute();
}

/** Keeps the earliest sighting of each name: a later log entry for a name already seen changes nothing. */
export async function recordNamesSeen(db: Executor, sightings: readonly { name: string; seenAt: Date; logUrl: string }[]): Promise<void> {
  if (sightings.length === 0) return;
  await db
    .insertInto('ct_names_seen')
    .values(sightings.map((sighting) => ({ name: sighting.name, first_seen: sighting.seenAt, log_url: sighting.logUrl })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** When `name` was first seen in a certificate log we read, if it was. */
export async function firstSeenInCtLogs(db: Executor, name: string): Promise<Date | null> {
  const row = await db.selectFrom('ct_names_seen').select('first_seen').where('name', '=', name.toLowerCase()).executeTakeFirst();
  return row?.first_seen ?? null;
}

/**
 * When a scanned host (or the registrable domain it belongs to: the logs keep look-alikes by
 * domain) was first seen in a certificate log we read; null for names no log showed us.
 */
export async function hostFirstSeenInCtLogs(db: Executor, host: string): Promise<Date | null> {
  const name = host.toLowerCase().replace(/\.$/, '');
  const parts = splitDomain(name);
  const domain = parts.name ? `${parts.name}.${parts.suffix}` : name;
  const rows = await db
    .selectFrom('ct_names_seen')
    .select('first_seen')
    .where('name', 'in', [...new Set([name, domain])])
    .orderBy('first_seen')
    .execute();
  return rows[0]?.first_seen ?? null;
}
