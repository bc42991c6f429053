import type { FeedEvidence, ThreatType } from '@riskscan/scanner';
import { type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type Retraction = 'clean_rescan' | 'report';

export type PublishedVerdictsTable = {
  id: Generated<string>;
  kind: 'url' | 'host';
  /** The reputation index's key: a URL key, or a host for a site's front page. */
  value: string;
  /** The URL as scanned, what the feeds show. */
  url: string;
  threat: ThreatType;
  evidence: FeedEvidence[];
  confidence: number;
  /** The STIX indicator's (and MISP event's) uuid; a URL listed again after a retraction gets a new one. */
  stix_uuid: string;
  first_seen: Date;
  last_seen: Date;
  retracted_at: Date | null;
  retraction: Retraction | null;
  /** When the row last changed: its version (STIX `modified`, TAXII `date_added`). */
  modified: Date;
};

declare module '../../db/schema.ts' {
  interface Database {
    published_verdicts: PublishedVerdictsTable;
  }
}

export type PublishedVerdict = Selectable<PublishedVerdictsTable>;

/** A published verdict as feeds page it: with its version, which an expiry also moves. */
export type VersionedVerdict = PublishedVerdict & { version: Date; expires_at: Date };

export type Publication = {
  kind: 'url' | 'host';
  value: string;
  url: string;
  threat: ThreatType;
  evidence: FeedEvidence[];
  confidence: number;
};

/**
 * Lists `publication` at `at`: a new row, or a new version of the listed one (last seen, evidence
 * and confidence move). A retracted one is listed again under `freshUuid`, as a new indicator:
 * STIX never un-revokes an object.
 */
export async function upsertPublication(db: Executor, publication: Publication, at: Date, freshUuid: string): Promise<void> {
  await db
    .insertInto('published_verdicts')
    .values({ ...publication, stix_uuid: freshUuid, first_seen: at, last_seen: at, modified: at, retracted_at: null, retraction: null })
    .onConflict((conflict) =>
      conflict.columns(['kind', 'value']).doUpdateSet((eb) => ({
        url: eb.ref('excluded.url'),
        threat: eb.ref('excluded.threat'),
        evidence: eb.ref('excluded.evidence'),
        confidence: eb.ref('excluded.confidence'),
        last_seen: eb.ref('excluded.last_seen'),
        modified: eb.ref('excluded.modified'),
        stix_uuid: sql<string>`case when published_verdicts.retracted_at is null then published_verdicts.stix_uuid else excluded.stix_uuid end`,
        first_seen: sql<Date>`case when published_verdicts.retracted_at is null then published_verdicts.first_seen else excluded.first_seen end`,
        retracted_at: null,
        retraction: null,
      })),
    )
    .execute();
}

/** Retracts the listed verdicts on these keys at `at`; answers the ones it retracted. */
export async function retractPublications(
  db: Executor,
  keys: { kind: 'url' | 'host'; value: string }[],
  reason: Retraction,
  at: Date,
): Promise<{ kind: 'url' | 'host'; value: string }[]> {
  if (keys.length === 0) return [];
  return db
    .updateTable('published_verdicts')
    .set({ retracted_at: at, retraction: reason, modified: at })
    .where('retracted_at', 'is', null)
    .where((eb) => eb.or(keys.map((key) => eb.and([eb('kind', '=', key.kind), eb('value', '=', key.value)]))))
    .returning(['kind', 'value'])
    .execute();
}

/** The verdicts listed now and seen since `since`, for the reputation index. */
export function activePublications(db: Executor, since: Date): Promise<PublishedVerdict[]> {
  return db.selectFrom('published_verdicts').selectAll().where('retracted_at', 'is', null).where('last_seen', '>=', since).execute();
}

/**
 * Published verdicts in version order for the feeds, after `after` (version and URL), at most
 * `limit`, only the STIX uuids `uuids` names when given. A verdict's version is its last change,
 * or the moment it expired (`maxAgeDays` after it was last seen) once that has passed: an expiry
 * is a change a poller must see.
 */
export async function listVersionedPublications(
  db: Executor,
  options: {
    after: { added: Date; key: string | null } | null;
    limit: number;
    uuids?: string[] | undefined;
    now: Date;
    maxAgeDays: number;
  },
): Promise<VersionedVerdict[]> {
  const expiresAt = sql<Date>`(last_seen + make_interval(days => ${options.maxAgeDays}))`;
  const version = sql<Date>`date_trunc('milliseconds', case when retracted_at is null and ${expiresAt} <= ${options.now} then greatest(modified, ${expiresAt}) else modified end)`;
  let query = db
    .selectFrom(
      db
        .selectFrom('published_verdicts')
        .selectAll()
        .select([version.as('version'), expiresAt.as('expires_at')])
        .as('v'),
    )
    .selectAll();
  if (options.uuids) query = query.where('stix_uuid', 'in', options.uuids);
  const after = options.after;
  if (after?.key) query = query.where(sql<boolean>`(version, url) > (${after.added}, ${after.key})`);
  else if (after) query = query.where('version', '>', after.added);
  const rows = await query.orderBy('version').orderBy('url').limit(options.limit).execute();
  return rows.map((row) => ({ ...row, version: new Date(row.version), expires_at: new Date(row.expires_at) }));
}

/** The verdict listed or last retracted on this key. */
export function findPublication(db: Executor, kind: 'url' | 'host', value: string): Promise<PublishedVerdict | undefined> {
  return db.selectFrom('published_verdicts').selectAll().where('kind', '=', kind).where('value', '=', value).executeTakeFirst();
}
