import { csvTable, type Lookalike } from '@riskscan/contracts';

/** The look-alikes on screen as a spreadsheet: one row each, DNS records joined by spaces. */
export function lookalikesCsv(rows: readonly Lookalike[]): string {
  return csvTable(
    ['domain', 'fuzzer', 'status', 'first_seen', 'last_checked', 'risk_score', 'a', 'aaaa', 'mx', 'ns', 'scan_uid'],
    rows.map((row) => [
      row.domain,
      row.fuzzer,
      row.status,
      row.first_seen,
      row.last_checked,
      row.risk_score ?? '',
      row.dns.a.join(' '),
      row.dns.aaaa.join(' '),
      row.dns.mx.join(' '),
      row.dns.ns.join(' '),
      row.scan_uid ?? '',
    ]),
  );
}

export const lookalikesJson = (rows: readonly Lookalike[]) => `${JSON.stringify(rows, null, 2)}\n`;
