import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
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

/**
 * SQL true when `md5(seed)` carries one of `uuids`' hash bits: finds indicators by id without
 * storing ids (the route checks the exact id after).
 */
function seedMatches(seed: RawBuilder<string>, uuids: string[]): RawBuilder<boolean> {
  const hash = sql<string>`md5(${seed})`;
  return sql<boolean>`(substr(${hash}, 1, 12) || substr(${hash}, 14, 3) || substr(${hash}, 18)) in (${sql.join(uuids.map(hashBits))})`;
}

const DANGER = 80;
const DAY_MS = 24 * 60 * 60 * 1000;

type DangerRow = { url: string; first_seen: Date; last_seen: Date; score: number };

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
      if (filter?.uuids) {
        if (filter.uuids.length === 0) return [];
        query = query.where(seedMatches(sql<string>`${'riskscan::url:'} || url`, filter.uuids));
      }
      if (after?.key) query = query.having(sql<boolean>`(${lastSeen}, url) > (${after.added}, ${after.key})`);
      else if (after) query = query.having(sql<boolean>`${lastSeen} > ${after.added}`);
      const rows = (await query
        .orderBy(sql`3`)
        .orderBy('url')
        .limit(limit)
        .execute()) as DangerRow[];
      if (rows.length === 0) return [];

      const cleared = await db
        .selectFrom('scans as later')
        .innerJoin(
          db
            .selectFrom('scans')
            .select(['url', sql<Date>`max(finished_at)`.as('last_danger')])
            .where('overall_risk', '>=', DANGER)
            .where('status', '=', 'done')
            .where(
              'url',
              'in',
              rows.map((row) => row.url),
            )
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
      const clearedAt = new Map(cleared.map((row) => [row.url, new Date(row.cleared_at)]));

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

type LookalikeRow = { domain: string; first_seen: Date; last_seen: Date; score: number | null };

/**
 * The look-alikes of `viewer`'s own watched domains that domain monitoring found suspicious (a
 * page imitating the watched site, or risky), one `domain-name` indicator per domain: valid from
 * its first suspicious finding until monitoring saw it change (gone, parked, harmless) or
 * `maxAgeDays` after the last finding. Each account has its own collection: which domains a
 * customer watches, and what we found for them, is theirs (decision 138).
 */
export function accountLookalikesSource(db: Db, viewer: TaxiiViewer, options: { maxAgeDays: number }): IndicatorSource {
  const scope = `account:${viewer.uid}`;
  const ownMonitors = db.selectFrom('monitors').select('monitors.id').where('monitors.user_id', '=', viewer.id);
  return {
    id: stableUuid(`riskscan:lookalikes-collection:${viewer.uid}`),
    title: 'riskscan: look-alikes of your watched domains',
    description: 'Look-alike domains of the domains you watch whose pages riskscan found imitating the brand or risky.',
    async page(after, limit, filter) {
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
        .where('lookalike_events.monitor_id', 'in', ownMonitors)
        .groupBy('lookalikes.domain');
      if (filter?.uuids) {
        if (filter.uuids.length === 0) return [];
        query = query.where(seedMatches(sql<string>`${`riskscan:${scope}:domain-name:`} || lookalikes.domain`, filter.uuids));
      }
      if (after?.key) query = query.having(sql<boolean>`(${lastSeen}, lookalikes.domain) > (${after.added}, ${after.key})`);
      else if (after) query = query.having(sql<boolean>`${lastSeen} > ${after.added}`);
      const rows = (await query
        .orderBy(sql`3`)
        .orderBy('lookalikes.domain')
        .limit(limit)
        .execute()) as LookalikeRow[];
      if (rows.length === 0) return [];

      const changes = await db
        .selectFrom('lookalike_events')
        .innerJoin('lookalikes', 'lookalikes.id', 'lookalike_events.lookalike_id')
        .select(['lookalikes.domain as domain', 'lookalike_events.status as status', 'lookalike_events.at as at'])
        .where(
          'lookalikes.domain',
          'in',
          rows.map((row) => row.domain),
        )
        .where('lookalike_events.monitor_id', 'in', ownMonitors)
        .where('lookalike_events.status', '!=', 'suspicious')
        .execute();

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
