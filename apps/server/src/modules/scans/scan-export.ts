import type { CheckResult } from '@riskscan/contracts';

const CSV_COLUMNS = ['category', 'category_risk_score', 'name', 'title', 'risk_score', 'is_active', 'message', 'explanation'] as const;

/** RFC 4180 quoting, and a leading quote on formula-like cells so spreadsheets never execute them. */
function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The overall figures, a blank line, then one row per detail under a header row. */
export function scanResultCsv(result: CheckResult): string {
  const rows: (string | number | boolean)[][] = [
    ['url', result.url],
    ['overall_risk', result.overall_risk],
    ['risk_level', result.risk_score_text.name],
    ['classification', result.classification.map((entry) => entry.name).join('; ')],
    [],
    [...CSV_COLUMNS],
    ...result.checks.flatMap((category) =>
      category.details.map((detail) => [
        category.category,
        category.risk_score,
        detail.name,
        detail.title,
        detail.risk_score,
        detail.is_active,
        detail.message,
        detail.explanation,
      ]),
    ),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
