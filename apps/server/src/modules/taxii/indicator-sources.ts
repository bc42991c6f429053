import type { Db } from '../../db/database.ts';
import { listVersionedPublications } from '../lookup/index.ts';
import { listSuspiciousLookalikes } from '../monitoring/index.ts';
import { type Finding, hashBits, idSeed, stableUuid } from './stix-indicator.ts';

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

const EVIDENCE_WORDS = {
  page: 'what the page itself did',
  reputation: 'a listing by another threat source',
  review: "an analyst's review of a user's report",
} as const;

/**
 * Our own published verdicts (decision 330), one indicator per URL: listed by a public scan that
 * found Danger on evidence (the page itself, or another source's listing; an address alone is a
 * guess and never published), with the confidence that evidence earns. Valid from its first
 * listing until a clean rescan or an accepted report retracted it (then revoked), or
 * `maxAgeDays` after its last confirming scan. Each change is a new version.
 */
export function dangerScansSource(db: Db, options: { maxAgeDays: number; now?: () => Date }): IndicatorSource {
  const now = options.now ?? (() => new Date());
  return {
    id: '3f6d6d2e-9b1a-5c1e-8f55-2a7c1e0d9b41',
    title: 'riskscan: dangerous URLs',
    description: 'URLs a public riskscan scan found dangerous on evidence: the page itself, or a listing by another threat source.',
    async page(after, limit, filter) {
      if (filter?.uuids?.length === 0) return [];
      const rows = await listVersionedPublications(db, { after, limit, uuids: filter?.uuids, now: now(), maxAgeDays: options.maxAgeDays });
      return rows.map((row) => {
        const revoked = row.retracted_at !== null;
        const evidence = row.evidence.map((kind) => EVIDENCE_WORDS[kind]).join(' and ');
        return {
          uuid: row.stix_uuid,
          scope: '',
          kind: 'url',
          value: row.url,
          description: revoked
            ? `riskscan retracted this verdict (${row.retraction === 'report' ? 'a reviewed report showed it wrong' : 'a later scan found the URL clean'}).`
            : `A public riskscan scan rated this URL Danger (${row.threat}), on ${evidence}.`,
          indicatorType: 'malicious-activity',
          confidence: row.confidence,
          firstSeen: new Date(row.first_seen),
          lastSeen: new Date(row.last_seen),
          validUntil: revoked ? new Date(row.retracted_at!) : row.expires_at,
          revoked,
          version: row.version,
          added: row.version,
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
 * `maxAgeDays` after the last finding. Each change (seen again, cleared, expired) is a new
 * version. Each account has its own collection: which domains a customer watches, and what we
 * found for them, is theirs (decision 138).
 */
export function accountLookalikesSource(db: Db, viewer: TaxiiViewer, options: { maxAgeDays: number; now?: () => Date }): IndicatorSource {
  const scope = `account:${viewer.uid}`;
  const now = options.now ?? (() => new Date());
  return {
    id: stableUuid(`riskscan:lookalikes-collection:${viewer.uid}`),
    title: 'riskscan: look-alikes of your watched domains',
    description: 'Look-alike domains of the domains you watch whose pages riskscan found imitating the brand or risky.',
    async page(after, limit, filter) {
      if (filter?.uuids?.length === 0) return [];
      const rows = await listSuspiciousLookalikes(db, viewer.id, {
        after,
        limit,
        match: seedMatch(`riskscan:${scope}:domain-name:`, filter),
        now: now(),
        maxAgeDays: options.maxAgeDays,
      });
      return rows.map((row) => {
        const finding = { scope, kind: 'domain-name', value: row.domain } as const;
        return {
          ...finding,
          uuid: stableUuid(idSeed(finding)),
          description: 'A look-alike of a domain you watch on riskscan, serving a page that imitates it or is risky.',
          indicatorType: 'anomalous-activity',
          confidence: row.score ?? 60,
          firstSeen: row.first_seen,
          lastSeen: row.last_seen,
          validUntil: row.cleared_at ?? new Date(row.last_seen.getTime() + options.maxAgeDays * DAY_MS),
          revoked: false,
          version: row.version,
          added: row.version,
          key: row.domain,
        } satisfies Finding;
      });
    },
  };
}
