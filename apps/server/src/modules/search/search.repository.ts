import type { RiskLevel, ScanVisibility } from '@riskscan/contracts';
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { bandProbes, type Fingerprint, type FingerprintKind, hashBands, signedHash } from './search-likeness.ts';
import type { ParsedSearch } from './search-query.ts';
import type { SearchTerm, TermKind } from './search-terms.ts';

export type SearchScansTable = {
  scan_uid: string;
  owner_id: number | null;
  visibility: ScanVisibility;
  /** Public and without secrets in its URL: anyone may find it. */
  listed: boolean;
  url: string;
  host: string;
  ip: string | null;
  asn: number | null;
  overall_risk: number;
  level: RiskLevel;
  finished_at: Date;
  /** The screenshot's thumbnail link as the report stores it; null without a screenshot. */
  thumbnail: string | null;
};

export type SearchTermsTable = { scan_uid: string; kind: TermKind; value: string };

declare module '../../db/schema.ts' {
  interface Database {
    search_scans: SearchScansTable;
    search_terms: SearchTermsTable;
    search_fingerprints: SearchFingerprintsTable;
  }
}

/** One 64-bit fingerprint of a scan (as a signed `bigint`) and its four 16-bit bands, each indexed with the kind. */
export type SearchFingerprintsTable = {
  scan_uid: string;
  kind: FingerprintKind;
  hash: string;
  b0: number;
  b1: number;
  b2: number;
  b3: number;
};

export type IndexedScan = Selectable<SearchScansTable>;

/** Writes (or rewrites) one finished scan's entry. */
export async function upsertIndexedScan(db: Executor, entry: IndexedScan): Promise<void> {
  await db
    .insertInto('search_scans')
    .values(entry)
    .onConflict((conflict) => conflict.column('scan_uid').doUpdateSet(entry))
    .execute();
}

/** Replaces the terms a scan is found by. */
export async function replaceSearchTerms(db: Executor, scanUid: string, terms: readonly SearchTerm[]): Promise<void> {
  await db.deleteFrom('search_terms').where('scan_uid', '=', scanUid).execute();
  if (terms.length > 0) {
    await db
      .insertInto('search_terms')
      .values(terms.map((term) => ({ scan_uid: scanUid, kind: term.kind, value: term.value })))
      .execute();
  }
}

/** Adds scans' fingerprints, many scans in one statement. */
export async function insertFingerprints(
  db: Executor,
  scans: readonly { scanUid: string; fingerprints: readonly Fingerprint[] }[],
): Promise<void> {
  const rows = scans.flatMap(({ scanUid, fingerprints }) =>
    fingerprints.map(({ kind, hash }) => {
      const [b0, b1, b2, b3] = hashBands(hash);
      return { scan_uid: scanUid, kind, hash: signedHash(hash), b0, b1, b2, b3 };
    }),
  );
  if (rows.length > 0) await db.insertInto('search_fingerprints').values(rows).execute();
}

/** Replaces the fingerprints a scan's look-alikes are found by. */
export async function replaceFingerprints(db: Executor, scanUid: string, fingerprints: readonly Fingerprint[]): Promise<void> {
  await db.deleteFrom('search_fingerprints').where('scan_uid', '=', scanUid).execute();
  await insertFingerprints(db, [{ scanUid, fingerprints }]);
}

/** A scan's fingerprint of one kind, as 16 hex digits. */
export async function findFingerprint(db: Executor, scanUid: string, kind: FingerprintKind): Promise<string | null> {
  const row = await db
    .selectFrom('search_fingerprints')
    .select('hash')
    .where('scan_uid', '=', scanUid)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? BigInt.asUintN(64, BigInt(row.hash)).toString(16).padStart(16, '0') : null;
}

type Scope = ExpressionBuilder<Database, 'search_scans'>;

/** Listed scans, and the caller's own whatever their visibility. */
function findableBy(ownerId: number | null) {
  return (eb: Scope): Expression<SqlBool> =>
    ownerId === null
      ? eb('search_scans.listed', '=', true)
      : eb.or([eb('search_scans.listed', '=', true), eb('search_scans.owner_id', '=', ownerId)]);
}

/** `%`, `_` and `\` match themselves in LIKE. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function matching(search: ParsedSearch, ownerId: number | null) {
  return (eb: Scope): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [findableBy(ownerId)(eb)];
    for (const term of search.terms) {
      parts.push(
        eb.exists(
          eb
            .selectFrom('search_terms')
            .select(sql`1`.as('found'))
            .whereRef('search_terms.scan_uid', '=', 'search_scans.scan_uid')
            .where('search_terms.kind', '=', term.kind)
            .where('search_terms.value', '=', term.value),
        ),
      );
    }
    if (search.levels.length > 0) parts.push(eb('search_scans.level', 'in', search.levels));
    if (search.from) parts.push(eb('search_scans.finished_at', '>=', search.from));
    if (search.until) parts.push(eb('search_scans.finished_at', '<', search.until));
    for (const word of search.words) parts.push(eb(sql<string>`lower(search_scans.url)`, 'like', `%${likeEscaped(word)}%`));
    return eb.and(parts);
  };
}

/** Scans within `maxDistance` bits of `hash`, other than `exceptUid`: the candidates come from the band indexes. */
export type Nearness = { kind: FingerprintKind; hash: string; maxDistance: number; exceptUid: string | null };

function nearby(db: Executor, near: Nearness) {
  const probes = bandProbes(near.hash, near.maxDistance);
  const distance = sql<number>`bit_count((hash # ${signedHash(near.hash)}::bigint)::bit(64))::int`;
  return (
    db
      .selectFrom('search_fingerprints')
      .select(['scan_uid', distance.as('distance')])
      .where('kind', '=', near.kind)
      // One array parameter a band: a few hundred probes stay four parameters for the planner.
      .where((eb) => eb.or(BAND_COLUMNS.map((column, band) => eb(column, '=', sql<number>`any(${probes[band]}::int[])`))))
      .where(distance, '<=', near.maxDistance)
      .where('scan_uid', '!=', near.exceptUid ?? '')
  );
}

const BAND_COLUMNS = ['b0', 'b1', 'b2', 'b3'] as const;

export type NearScan = IndexedScan & { distance: number };

/** One page of the matching scans near a fingerprint, closest first (then newest), and how many match in all. */
export async function findNearScans(
  db: Executor,
  search: ParsedSearch,
  ownerId: number | null,
  near: Nearness,
  page: { offset: number; limit: number },
  budget: StatementBudget,
): Promise<{ count: number; rows: NearScan[] }> {
  const joined = () =>
    db
      .selectFrom('search_scans')
      .innerJoin(nearby(db, near).as('near'), 'near.scan_uid', 'search_scans.scan_uid')
      .where(matching(search, ownerId));
  // The count rides along the page: the candidate lookup runs once.
  await budget.next();
  const found = await joined()
    .selectAll('search_scans')
    .select(['near.distance', sql<string | number>`count(*) over ()`.as('total')])
    .orderBy('near.distance')
    .orderBy('search_scans.finished_at', 'desc')
    .orderBy('search_scans.scan_uid')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found.length > 0) return { count: Number(found[0]!.total), rows };
  if (page.offset === 0) return { count: 0, rows };
  await budget.next();
  const total = await joined()
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return { count: Number(total.n), rows };
}

/** A search's time, shared by its statements: `next()` before each lets it run only what the earlier ones left. */
export type StatementBudget = { next(): Promise<void> };

/**
 * Cancels the transaction's statements once `totalMs` is spent in all (SQLSTATE 57014): a search
 * that would read too much stops, however many statements it takes (issue 40: a count and a page
 * of 2 s each answered a broad search after 3 s).
 */
export function statementBudget(trx: Executor, totalMs: number, now: () => number = () => performance.now()): StatementBudget {
  const ends = now() + totalMs;
  return {
    async next() {
      const left = Math.max(1, Math.floor(ends - now()));
      await sql`set local statement_timeout = ${sql.lit(left)}`.execute(trx);
    },
  };
}

/** One page of matching scans, newest first, and how many match in all. */
export async function findScans(
  db: Executor,
  search: ParsedSearch,
  ownerId: number | null,
  page: { offset: number; limit: number },
  budget: StatementBudget,
): Promise<{ count: number; rows: IndexedScan[] }> {
  const where = matching(search, ownerId);
  await budget.next();
  const total = await db
    .selectFrom('search_scans')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  await budget.next();
  const rows = await db
    .selectFrom('search_scans')
    .selectAll()
    .where(where)
    .orderBy('finished_at', 'desc')
    .orderBy('scan_uid')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(total.n), rows };
}

export function findIndexedScan(db: Executor, scanUid: string): Promise<IndexedScan | undefined> {
  return db.selectFrom('search_scans').selectAll().where('scan_uid', '=', scanUid).executeTakeFirst();
}

/** The index entries of these scans (those still indexed). */
export async function findIndexedScans(db: Executor, scanUids: readonly string[]): Promise<IndexedScan[]> {
  if (scanUids.length === 0) return [];
  return db.selectFrom('search_scans').selectAll().where('scan_uid', 'in', scanUids).execute();
}

/** The newest scans the caller may find with the same `url` or `host` column value. */
export function scansWith(
  db: Executor,
  column: 'url' | 'host',
  value: string,
  ownerId: number | null,
  limit: number,
): Promise<IndexedScan[]> {
  return db
    .selectFrom('search_scans')
    .selectAll()
    .where(column, '=', value)
    .where(findableBy(ownerId))
    .orderBy('finished_at', 'desc')
    .orderBy('scan_uid')
    .limit(limit)
    .execute();
}

export async function hasIndexedScans(db: Executor): Promise<boolean> {
  return (await db.selectFrom('search_scans').select('scan_uid').limit(1).executeTakeFirst()) !== undefined;
}
