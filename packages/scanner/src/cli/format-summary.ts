import type { CheckResult } from '@riskscan/contracts';

const TOP_FINDINGS = 8;

/** The readable summary the CLI prints: score, level, classes and the strongest active findings. */
export function formatSummary(result: CheckResult): string {
  const findings = result.checks
    .flatMap((category) =>
      category.details
        .filter((detail) => detail.is_active && detail.risk_score > 0)
        .map((detail) => ({ category: category.category, detail })),
    )
    .sort((a, b) => b.detail.risk_score - a.detail.risk_score)
    .slice(0, TOP_FINDINGS);
  const hops = (result.redirect_chain?.length ?? 1) - 1;
  const lines = [
    `URL:       ${result.url}`,
    `Final URL: ${result.final_url ?? result.url}${hops > 0 ? `  (${hops} redirect${hops > 1 ? 's' : ''})` : ''}`,
    `IP:        ${result.ip ?? 'unknown'}`,
    `Risk:      ${result.overall_risk} / 100  ${result.risk_score_text.name}`,
    `Classes:   ${result.classification.map((entry) => entry.name).join(', ') || 'none'}`,
    '',
    findings.length > 0 ? 'Top findings:' : 'No findings.',
    ...findings.map(
      ({ category, detail }) => `  ${String(detail.risk_score).padStart(3)}  ${detail.title} (${category}): ${detail.message}`,
    ),
    '',
    'Categories:',
    ...result.checks.map((category) => `  ${category.category.padEnd(20)} ${String(category.risk_score).padStart(3)}`),
  ];
  return lines.join('\n');
}
