import { csvTable, type ScanSummary } from '@riskscan/contracts';

export function historyCsv(rows: readonly ScanSummary[]): string {
  return csvTable(
    ['uid', 'url', 'date', 'overall_risk_score'],
    rows.map((row) => [row.uid, row.url, row.date, row.overall_risk_score]),
  );
}

export const historyJson = (rows: readonly ScanSummary[]) => `${JSON.stringify(rows, null, 2)}\n`;
