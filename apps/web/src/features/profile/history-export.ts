import type { ScanSummary } from '@riskscan/contracts';

const csvCell = (value: string | number) => {
  const text = String(value);
  // Quote everything that could break a row, and defuse spreadsheet formulas.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function historyCsv(rows: readonly ScanSummary[]): string {
  const lines = [['uid', 'url', 'date', 'overall_risk_score'].join(',')];
  for (const row of rows) lines.push([row.uid, row.url, row.date, row.overall_risk_score].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const historyJson = (rows: readonly ScanSummary[]) => `${JSON.stringify(rows, null, 2)}\n`;

/** Hands a text file to the browser's download. */
export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}
