import type { Db } from '../../db/database.ts';
import { listLookalikeChanges, listSuspiciousLookalikes } from '../monitoring/index.ts';
import { findDangerClearings, listDangerScanUrls } from '../scans/index.ts';
import { type Finding, hashBits, stableUuid } from './stix-indicator.ts';

/** Where paging resumes: after this `date_added` and key; with no key, after everything added at that time. */
export type FeedPosition = { added: Date; key: string | null };

/** `match[id]`: only findings whose indicator ids have these UUIDs (see `stableUuid`). */
export type FindingFilter = { uuids?: string[] | undefined };

/**
 * One TAXII collection's worth of findings. `page` answers findings added after `after`, oldest
 * first, at most `limit`, narrowed by `filter`. The monitored look-alikes of domain monitoring plug
 * in as another source.
 */
export type IndicatorSource = {
  id: string;
  title: string;
  description: string;
  page(after: FeedPosition | null, limit: number, filter?: FindingFilter): Promise<Finding[]>;
};

/** The account a TAXII request is made for: it sees the public collections and its own. */
export type TaxiiViewer = { id: number; uid: string };

/** `match[id]` as the owning module's query takes it: the seed the ids hash, and their hash bits. */
const seedMatch = (seedPrefix: string, filter: FindingFilter | undefined) =>
  filter?.uuids ? { seedPrefix, bits: filter.uuids.map(hashBits) } : undefined;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Public scans rated Danger, one indicator per URL: valid from its first Danger scan until a
 * later scan found it clean, or `maxAgeDays` after its last Danger scan when none did.
 * Private scans and URLs carrying secrets (kept off the board) are never published.
 */
export function dangerScansSource(db: Db, options: { maxAgeDays: number }): IndicatorSource {
  return {
    id: '3f6d6d2e-9b1a-5c1e-8f55-2a7c1e0d9b41',
    title: 'riskscan: dangerous URLs',
    description: 'URLs whose public full scan on riskscan ended Danger (score 80 or more).',
    async page(after, limit, filter) {
      if (filter?.uuids?.length === 0) return [];
      const rows = await listDangerScanUrls(db, after, limit, seedMatch('riskscan::url:', filter));
      if (rows.length === 0) return [];
      const clearedAt = await findDangerClearings(
        db,
        rows.map((row) => row.url),
      );

      return rows.map((row) => {
        const firstSeen = new Date(row.first_seen);
        const last = new Date(row.last_seen);
        return {
          scope: '',
          kind: 'url',
          value: row.url,
          description: `A public riskscan scan rated this URL Danger (score ${row.score}).`,
          indicatorType: 'malicious-activity',
          confidence: Number(row.score),
          firstSeen,
          lastSeen: last,
          validUntil: clearedAt.get(row.url) ?? new Date(last.getTime() + options.maxAgeDays * DAY_MS),
          added: last,
          key: row.url,
        } satisfies Finding;
      });
    },
  };
}

/**
 * The look-alikes of `viewer`'s own watched domains that domain monitoring found suspicious (a
 * page imitating the watched site, or risky), one `domain-name` indicator per domain: valid from
 * its first suspicious finding until monitoring saw it change (gone, parked, harmless) or
 * `maxAgeDays` after the last finding. Each account has its own collection: which domains a
 * customer watches, and what we found for them, is theirs (decision 138).
 */
export function accountLookalikesSource(db: Db, viewer: TaxiiViewer, options: { maxAgeDays: number }): IndicatorSource {
  const scope = `account:${viewer.uid}`;
  return {
    id: stableUuid(`riskscan:lookalikes-collection:${viewer.uid}`),
    title: 'riskscan: look-alikes of your watched domains',
    description: 'Look-alike domains of the domains you watch whose pages riskscan found imitating the brand or risky.',
    async page(after, limit, filter) {
      if (filter?.uuids?.length === 0) return [];
      const rows = await listSuspiciousLookalikes(db, viewer.id, after, limit, seedMatch(`riskscan:${scope}:domain-name:`, filter));
      if (rows.length === 0) return [];
      const changes = await listLookalikeChanges(
        db,
        viewer.id,
        rows.map((row) => row.domain),
      );

      return rows.map((row) => {
        const firstSeen = new Date(row.first_seen);
        const last = new Date(row.last_seen);
        const cleared = changes
          .filter((change) => change.domain === row.domain && new Date(change.at) > last)
          .map((change) => new Date(change.at).getTime());
        return {
          scope,
          kind: 'domain-name',
          value: row.domain,
          description: 'A look-alike of a domain you watch on riskscan, serving a page that imitates it or is risky.',
          indicatorType: 'anomalous-activity',
          confidence: row.score ?? 60,
          firstSeen,
          lastSeen: last,
          validUntil: cleared.length > 0 ? new Date(Math.min(...cleared)) : new Date(last.getTime() + options.maxAgeDays * DAY_MS),
          added: last,
          key: row.domain,
        } satisfies Finding;
      });
    },
  };
}
