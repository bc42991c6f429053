import type { CheckResult } from '@riskscan/contracts';

const TOP_FINDINGS = 8;
/** As many as the web app shows before the CSV download (SPEC §6). */
const LIST_PREVIEW = 10;

const preview = (items: readonly string[]) =>
  [...items.slice(0, LIST_PREVIEW), ...(items.length > LIST_PREVIEW ? [`… ${items.length - LIST_PREVIEW} more`] : [])].map(
    (item) => `  ${item}`,
  );

/** The extended groups, each only when present. */
function extendedLines(result: CheckResult): string[] {
  const ip = result.ip_checks;
  return [
    ...(result.webtech
      ? ['', 'Web technology:', ...preview(result.webtech.map((tech) => (tech.version ? `${tech.name} ${tech.version}` : tech.name)))]
      : []),
    ...(result.dns_checks
      ? ['', `${result.dns_checks.dns_lookup.title}:`, ...result.dns_checks.dns_lookup.result.map((line) => `  ${line}`)]
      : []),
    ...(ip
      ? [
          '',
          'IP information:',
          `  ${ip.as_lookup.result}`,
          ...ip.ip_geo.result.map((line) => `  ${line}`),
          ...(ip.reverse_dns.result ? [`  PTR ${ip.reverse_dns.result}`] : []),
          ...(ip.reverse_ip_lookup.result.length > 0
            ? [`  Domains (${ip.reverse_ip_lookup.result.length}):`, ...preview(ip.reverse_ip_lookup.result).map((line) => `  ${line}`)]
            : []),
        ]
      : []),
    ...(result.page_checks ? ['', `WebSite Links: URL (${result.page_checks.length})`, ...preview(result.page_checks)] : []),
  ];
}

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
    ...extendedLines(result),
  ];
  return lines.join('\n');
}
