import type { CheckResult, ScanTimeline, ScanVisibility, SearchHit, SearchPage, SearchQuery } from '@riskscan/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { InvalidError, NotFoundError } from '../../domain-errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { fingerprintsOf, MAX_DISTANCE } from './search-likeness.ts';
import type { IndexedDocument } from './search-match.ts';
import { type Likeness, parseSearch } from './search-query.ts';
import {
  findFingerprint,
  findIndexedScan,
  findNearScans,
  findScans,
  hasIndexedScans,
  type IndexedScan,
  type Nearness,
  type NearScan,
  replaceFingerprints,
  replaceSearchTerms,
  scansWith,
  statementBudget,
  upsertIndexedScan,
} from './search.repository.ts';
import { hostOf, searchTermsOf } from './search-terms.ts';

export const SEARCH_PAGE_SIZE = 20;
/** Longest a search's statements may run, all together. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;
// PostgreSQL's code for a statement cancelled by its statement timeout.
const QUERY_CANCELED = '57014';
/** How many past scans of a URL and of a host the report shows. */
export const TIMELINE_SIZE = 50;
export const SCAN_NOT_FOUND = 'Not found.';

/** What the scans module tells the index about a scan that ended with a report. */
export type FinishedScan = {
  uid: string;
  ownerId: number | null;
  visibility: ScanVisibility;
  /** On the public board: public and without secrets in its URL. */
  listed: boolean;
  /** The scanned URL with any secrets redacted. */
  url: string;
  result: CheckResult;
  /** When the scan ended; now by default. */
  finishedAt?: Date;
};

/**
 * Indexes a finished scan for search, pivots and history; the scans module calls it in the
 * transaction that stores the report, and matches saved searches against the document it answers.
 */
export async function indexFinishedScan(db: Executor, scan: FinishedScan): Promise<IndexedDocument> {
  const { result } = scan;
  const entry: IndexedScan = {
    scan_uid: scan.uid,
    owner_id: scan.ownerId,
    visibility: scan.visibility,
    listed: scan.listed,
    url: scan.url,
    host: hostOf(scan.url) ?? '',
    ip: result.hosting?.ip ?? result.ip ?? null,
    asn: result.hosting?.asn ?? null,
    overall_risk: result.overall_risk,
    level: result.risk_score_text.name,
    finished_at: scan.finishedAt ?? new Date(),
    thumbnail: result.capture?.thumbnail ?? null,
  };
  const terms = searchTermsOf(result);
  const write = async (trx: Executor) => {
    await upsertIndexedScan(trx, entry);
    await replaceSearchTerms(trx, scan.uid, terms);
    await replaceFingerprints(trx, scan.uid, fingerprintsOf(result));
  };
  // One transaction (the caller's, when it gives one): a search never finds the entry with half its terms.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return { entry, terms };
}

/** True until the first scan is indexed: the scans module then indexes the reports stored before search existed. */
export async function searchIndexIsEmpty(db: Db): Promise<boolean> {
  return !(await hasIndexedScans(db));
}

/** People own scans; the shared free-scan guest and anonymous callers find only listed ones. */
const ownerIdOf = (caller: AuthUser | null) => (caller?.kind === 'user' ? caller.id : null);

/** Listed and unlisted scans open for anyone with the link; private ones for their owner. */
const viewableBy = (scan: IndexedScan, ownerId: number | null) =>
  scan.listed || scan.visibility === 'unlisted' || (ownerId !== null && scan.owner_id === ownerId);

export function presentHit(row: IndexedScan | NearScan): SearchHit {
  return {
    ...('distance' in row ? { distance: row.distance } : {}),
    thumbnail: row.thumbnail,
    uid: row.scan_uid,
    url: row.url,
    date: row.finished_at.toISOString(),
    overall_risk_score: row.overall_risk,
    level: row.level,
    host: row.host,
    ip: row.ip,
    asn: row.asn,
  };
}

/** One page of the caller's own and the public scans matching `q`; `pageLink` makes the absolute `next`/`previous`. */
export async function searchScans(
  db: Db,
  caller: AuthUser | null,
  query: SearchQuery,
  pageLink: (page: number) => string,
): Promise<SearchPage> {
  const search = parseSearch(query.q);
  const ownerId = ownerIdOf(caller);
  const page = { offset: (query.page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
  // One transaction whose statements the database cancels once they spent the limit together.
  const found = db.transaction().execute(async (trx) => {
    const budget = statementBudget(trx, SEARCH_STATEMENT_TIMEOUT_MS);
    await budget.next();
    return search.likeness
      ? findNearScans(trx, search, ownerId, await nearnessOf(trx, search.likeness, ownerId), page, budget)
      : findScans(trx, search, ownerId, page, budget);
  });
  const { count, rows } = await found.catch((error: { code?: string }) => {
    if (error.code === QUERY_CANCELED) throw InvalidError.field('q', 'This search takes too long to answer: add terms that narrow it.');
    throw error;
  });
  const pages = Math.max(1, Math.ceil(count / SEARCH_PAGE_SIZE));
  return {
    count,
    next: query.page < pages ? pageLink(query.page + 1) : null,
    previous: query.page > 1 ? pageLink(Math.min(query.page - 1, pages)) : null,
    results: rows.map(presentHit),
  };
}

const FINGERPRINT_NAMES = { screenshot: 'a screenshot', top_fold: 'a screenshot', favicon: 'a favicon', structure: 'a page' } as const;

/** What a look-alike modifier compares with: the given hash, or the fingerprint of a scan the caller may open. */
async function nearnessOf(db: Db, likeness: Likeness, ownerId: number | null): Promise<Nearness> {
  const maxDistance = MAX_DISTANCE[likeness.kind];
  if ('hash' in likeness) return { kind: likeness.kind, hash: likeness.hash, maxDistance, exceptUid: null };
  const scan = await findIndexedScan(db, likeness.scanUid);
  const hash = scan && viewableBy(scan, ownerId) ? await findFingerprint(db, scan.scan_uid, likeness.kind) : null;
  if (!hash) {
    throw InvalidError.field(
      'q',
      `${likeness.field}: found no scan "${likeness.scanUid}" with ${FINGERPRINT_NAMES[likeness.kind]} to compare that you can open.`,
    );
  }
  return { kind: likeness.kind, hash, maxDistance, exceptUid: likeness.scanUid };
}

/** Past scans of a report's URL and host the caller may find; the report itself must be one they may open. */
export async function scanTimeline(db: Db, scanUid: string, caller: AuthUser | null): Promise<ScanTimeline> {
  const ownerId = ownerIdOf(caller);
  const scan = await findIndexedScan(db, scanUid);
  if (!scan || !viewableBy(scan, ownerId)) throw new NotFoundError(SCAN_NOT_FOUND);
  const [sameUrl, sameHost] = await Promise.all([
    scansWith(db, 'url', scan.url, ownerId, TIMELINE_SIZE),
    scansWith(db, 'host', scan.host, ownerId, TIMELINE_SIZE),
  ]);
  return { url: scan.url, host: scan.host, same_url: sameUrl.map(presentHit), same_host: sameHost.map(presentHit) };
}
