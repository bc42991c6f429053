import type { HuntSource, VerdictReason } from '@riskscan/contracts';
import type { ReputationHit } from '@riskscan/scanner';
import type { HuntKnowledge } from './retro-hunt.ts';

/** The lookup module's answer for one visit (`LookupService.reputationOfVisit`). */
export type ReputationOfVisit = (url: string, host: string) => { hit: ReputationHit; onHost: boolean }[];

const WHAT: Record<ReputationHit['kind'], string> = { url: 'This address', host: 'This host', domain: 'This domain' };
const SCORE: Record<ReputationHit['kind'], number> = { url: 100, host: 95, domain: 90 };
// Another page of the host is listed: the host serves it, so visits to the host are suspect too.
const ON_HOST_SCORE = 80;

/**
 * What the product already knows of a visit beyond its URL verdict: reputation feeds and our own
 * full scans that found Danger (recorded in the reputation index under `ownScansSource`), by the
 * URL, its host or domain, or another listed URL on the same host (a proxy sees only the host of
 * an HTTPS visit). Each finding names its source.
 */
export function huntKnowledge(reputationOfVisit: ReputationOfVisit, ownScansSource: string): HuntKnowledge {
  return (visit) =>
    reputationOfVisit(visit.url, visit.host).flatMap(({ hit, onHost }) => {
      const ours = hit.sources.includes(ownScansSource);
      const feeds = hit.sources.filter((source) => source !== ownScansSource);
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
    });
}
