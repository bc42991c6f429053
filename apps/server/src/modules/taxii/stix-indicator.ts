import { createHash } from 'node:crypto';

/** What riskscan knows about one bad address or domain, as a feed entry. */
export type Finding = {
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
  /** When the finding entered the feed (TAXII `date_added`) and its key, for paging. */
  added: Date;
  key: string;
};

export type StixIndicator = {
  type: 'indicator';
  spec_version: '2.1';
  id: string;
  created: string;
  modified: string;
  name: string;
  description: string;
  indicator_types: string[];
  pattern: string;
  pattern_type: 'stix';
  pattern_version: '2.1';
  valid_from: string;
  valid_until: string;
  confidence: number;
  labels: string[];
};

// Our namespace for name-based (version 5) UUIDs: one indicator id per address, whatever the scan.
const RISKSCAN_NAMESPACE = Buffer.from('6f1c1d3e8a2b5c4d9e0f112233445566', 'hex');

/** RFC 9562 version 5 UUID of `name` in riskscan's namespace. */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(RISKSCAN_NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A STIX pattern string literal: backslashes and quotes escaped (STIX 2.1 patterning §9). */
function patternString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

export function indicatorId(finding: Pick<Finding, 'kind' | 'value'>): string {
  return `indicator--${nameUuid(`${finding.kind}:${finding.value}`)}`;
}

/** The STIX 2.1 indicator of a finding: `[url:value = '...']` or `[domain-name:value = '...']`. */
export function stixIndicator(finding: Finding): StixIndicator {
  const validFrom = finding.firstSeen.toISOString();
  return {
    type: 'indicator',
    spec_version: '2.1',
    id: indicatorId(finding),
    created: validFrom,
    modified: finding.lastSeen.toISOString(),
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
  };
}
