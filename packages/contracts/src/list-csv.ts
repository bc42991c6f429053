/** RFC 4180 field: quoted when it holds a comma, quote or line break; formula-leading text neutralised for spreadsheets. */
function csvField(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file (header line, then one line per row, CRLF line ends) whose cells are safe to open in a spreadsheet. */
export function csvTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A one-column CSV for the full-list downloads. */
export function singleColumnCsv(header: string, values: readonly string[]): string {
  return csvTable(
    [header],
    values.map((value) => [value]),
  );
}

/** The "WebSite Links" download: every link of `page_checks`. */
export const websiteLinksCsv = (links: readonly string[]): string => singleColumnCsv('URL', links);

/** The "Contacted Domains" download: every host of `contacted_domains`. */
export const contactedDomainsCsv = (domains: readonly string[]): string => singleColumnCsv('Domain', domains);

/** The "Other domains on same server" download: every domain of `ip_checks.reverse_ip_lookup`. */
export const reverseIpDomainsCsv = (domains: readonly string[]): string => singleColumnCsv('Domain', domains);
