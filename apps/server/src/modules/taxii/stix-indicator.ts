import { createHash } from 'node:crypto';
import type { StixIndicator } from '@riskscan/contracts';

/** What riskscan knows about one bad address or domain, as a feed entry. */
export type Finding = {
  /** The indicator's uuid (STIX id and MISP event): stable across versions. */
  uuid: string;
  /** Whose view the finding belongs to: '' for public collections, `account:<uid>` for an account's own. */
  scope: string;
  kind: 'url' | 'domain-name';
  value: string;
  /** Why it is listed, in words for analysts. */
  description: string;
  /** `malicious-activity` (seen doing harm) or `anomalous-activity` (suspicious, not proven). */
  indicatorType: 'malicious-activity' | 'anomalous-activity';
  /** 0-100: our score. */
  confidence: number;
  firstSeen: Date;
  lastSeen: Date;
  /** Until when the finding holds: a later clean result, or the age past which we stop vouching. */
  validUntil: Date;
  /** We withdrew it: a clean rescan or a reviewed report showed it wrong. */
  revoked: boolean;
  /** When it last changed (STIX `modified`): seen again, confidence, validity, revocation, expiry. */
  version: Date;
  /** When this version entered the feed (TAXII `date_added`) and its key, for paging. */
  added: Date;
  key: string;
};

/**
 * The name an indicator's id is derived from: riskscan's prefix, the viewer's scope (empty for
 * public collections, the account for its own look-alikes, so two customers' indicators never
 * share an id or versions), kind and value.
 */
export function idSeed(finding: Pick<Finding, 'scope' | 'kind' | 'value'>): string {
  return `riskscan:${finding.scope}:${finding.kind}:${finding.value}`;
}

/**
 * A UUID of the version 4 form (the one STIX 2.1 asks of domain objects) derived from `seed`: its
 * MD5 with the version and variant bits set, so the same indicator keeps its id on every page and
 * SQL can find it again (`md5()` is built into PostgreSQL).
 */
export function stableUuid(seed: string): string {
  const hash = createHash('md5').update(seed, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x40;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The 120 bits of a `stableUuid` that are the MD5's own (hex, without the version and variant
 * nibbles): what SQL compares `md5(seed)` with, before the exact check in code.
 */
export function hashBits(uuid: string): string {
  const hex = uuid.replaceAll('-', '');
  return `${hex.slice(0, 12)}${hex.slice(13, 16)}${hex.slice(17)}`;
}

/** The UUID of an `indicator--…` STIX id of the form we publish, else null. */
export function indicatorUuid(stixId: string): string | null {
  const match = /^indicator--([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})$/.exec(stixId);
  return match ? match[1]! : null;
}

/** A STIX pattern string literal: backslashes and quotes escaped (STIX 2.1 patterning §9). */
function patternString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

export function indicatorId(finding: Pick<Finding, 'uuid'>): string {
  return `indicator--${finding.uuid}`;
}

/**
 * The STIX 2.1 indicator of a finding: `[url:value = '...']` or `[domain-name:value = '...']`.
 * Every change is a new version with its own `modified` (STIX 2.1 §3.6); a withdrawn one is `revoked`.
 */
export function stixIndicator(finding: Finding): StixIndicator {
  const validFrom = finding.firstSeen.toISOString();
  return {
    type: 'indicator',
    spec_version: '2.1',
    id: indicatorId(finding),
    created: validFrom,
    modified: new Date(Math.max(finding.version.getTime(), finding.firstSeen.getTime())).toISOString(),
    name: `${finding.kind === 'url' ? 'Dangerous URL' : 'Suspicious domain'}: ${finding.value}`,
    description: finding.description,
    indicator_types: [finding.indicatorType],
    pattern: `[${finding.kind}:value = ${patternString(finding.value)}]`,
    pattern_type: 'stix',
    pattern_version: '2.1',
    valid_from: validFrom,
    // STIX: valid_until must come after valid_from.
    valid_until: new Date(Math.max(finding.validUntil.getTime(), finding.firstSeen.getTime() + 1000)).toISOString(),
    confidence: finding.confidence,
    labels: ['riskscan'],
    ...(finding.revoked ? { revoked: true } : {}),
  };
}
