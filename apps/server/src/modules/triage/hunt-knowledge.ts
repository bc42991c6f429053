import type { HuntSource, LookalikeStatus, VerdictReason } from '@riskscan/contracts';
import { hostParts, type ReputationHit } from '@riskscan/scanner';
import type { VisitReputation } from '../lookup/index.ts';
import type { HuntKnowledge } from './retro-hunt.ts';

/** The lookup module's answer for one visit (`LookupService.reputationOfVisit`). */
export type ReputationOfVisit = (url: string, host: string) => VisitReputation[];

const WHAT: Record<ReputationHit['kind'], string> = { url: 'This address', host: 'This host', domain: 'This domain' };
const SCORE: Record<ReputationHit['kind'], number> = { url: 100, host: 95, domain: 90 };
/** A look-alike of a watched domain (domain monitoring's finding), by its name. */
export type WatchedLookalike = { status: LookalikeStatus; watched: string };
// A look-alike monitoring rated suspicious is as good as listed; a live or parked one is still a
// name made to be mistaken for the account's own.
const LOOKALIKE_SCORE: Record<LookalikeStatus, number> = { suspicious: 90, live: 75, parked: 60, registered: 60, gone: 0 };

// Another page of the host is listed: the host serves it, so visits to the host are suspect too.
const ON_HOST_SCORE = 80;

/**
 * What the product already knows of a visit beyond its URL verdict: reputation feeds and our own
 * full scans that found Danger (recorded in the reputation index as their own source), by the
 * URL, its host or domain, or another listed URL on the same host (a proxy sees only the host of
 * an HTTPS visit). Each finding names its source.
 */
export function huntKnowledge(reputationOfVisit: ReputationOfVisit, lookalikes: Map<string, WatchedLookalike> = new Map()): HuntKnowledge {
  return (visit) => [
    ...lookalikeFindings(visit.host, lookalikes),
    ...reputationOfVisit(visit.url, visit.host).flatMap(({ hit, onHost, ownScan: ours, feeds }) => {
      const findings: { source: HuntSource; reason: VerdictReason }[] = [];
      const score = onHost ? ON_HOST_SCORE : SCORE[hit.kind];
      const subject = onHost ? `Another address on this host (${hit.value})` : WHAT[hit.kind];
      if (ours)
        findings.push({
          source: 'full-scan',
          reason: {
            code: 'full_scan_danger',
            risk_score: score,
            message: `${subject} was rated Danger (${hit.threat}) by a full riskscan scan.`,
          },
        });
      if (feeds.length > 0)
        findings.push({
          source: 'reputation',
          reason: {
            code: `reputation_${hit.kind}`,
            risk_score: score,
            message: `${subject} is listed as ${hit.threat} by ${feeds.join(', ')}.`,
          },
        });
      return findings;
    }),
  ];
}

function lookalikeFindings(host: string, lookalikes: Map<string, WatchedLookalike>): { source: HuntSource; reason: VerdictReason }[] {
  if (lookalikes.size === 0) return [];
  const name = lookalikes.has(host) ? host : (hostParts(host).domain ?? host);
  const lookalike = lookalikes.get(name);
  if (!lookalike) return [];
  return [
    {
      source: 'monitoring',
      reason: {
        code: 'monitored_lookalike',
        risk_score: LOOKALIKE_SCORE[lookalike.status],
        message: `${name} is a look-alike of ${lookalike.watched}, which this account watches (status ${lookalike.status}).`,
      },
    },
  ];
}
