import { csvTable, type FlaggedVisit, type HuntSource, riskLevelForScore } from '@riskscan/contracts';

export type HuntFilter = { minScore: number; source: HuntSource | 'any'; host: string };

export const NO_FILTER: HuntFilter = { minScore: 0, source: 'any', host: '' };

/** The flagged visits an analyst narrowed down to: at least a score, found by a source, on a host. */
export function filterVisits(visits: readonly FlaggedVisit[], filter: HuntFilter): FlaggedVisit[] {
  const host = filter.host.trim().toLowerCase();
  return visits.filter(
    (visit) =>
      visit.risk_score >= filter.minScore &&
      (filter.source === 'any' || visit.sources.includes(filter.source)) &&
      (host === '' || visit.host.toLowerCase().includes(host)),
  );
}

export const SOURCE_NAMES: Record<HuntSource, string> = {
  'url-verdict': 'URL verdict',
  reputation: 'Reputation feed',
  'full-scan': 'Our full scan',
  monitoring: 'Look-alike you watch',
};

/** One row per visit, for a ticket or a blocklist review. */
export function huntCsv(visits: readonly FlaggedVisit[]): string {
  return csvTable(
    ['Time', 'Client', 'Method', 'Host', 'URL', 'Score', 'Level', 'Found by', 'Top reason'],
    visits.map((visit) => [
      visit.time ?? '',
      visit.client ?? '',
      visit.method ?? '',
      visit.host,
      visit.url,
      visit.risk_score,
      riskLevelForScore(visit.risk_score),
      visit.sources.map((source) => SOURCE_NAMES[source]).join('; '),
      visit.reasons[0]?.message ?? '',
    ]),
  );
}
