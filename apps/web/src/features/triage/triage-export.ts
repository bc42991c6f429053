import { csvTable, type TriageEmailResponse } from '@riskscan/contracts';

/** One row per link: what an analyst pastes into a ticket or a blocklist review. */
export function triageCsv(triage: TriageEmailResponse): string {
  return csvTable(
    ['URL', 'Source', 'Shown text', 'Mismatch', 'Score', 'Level', 'Classification', 'Top reason'],
    triage.urls.map((link) => [
      link.url,
      link.source,
      link.display_text ?? '',
      link.mismatch ? 'yes' : 'no',
      link.verdict.risk_score,
      link.verdict.risk_level,
      link.verdict.classification.join('; '),
      link.verdict.reasons[0]?.message ?? '',
    ]),
  );
}

export function triageJson(triage: TriageEmailResponse): string {
  return `${JSON.stringify(triage, null, 2)}\n`;
}
