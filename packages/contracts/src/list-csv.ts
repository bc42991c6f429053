/** RFC 4180 field: quoted when it holds a comma, quote or line break; formula-leading text neutralised for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A one-column CSV (header line, then one row per value, CRLF line ends) for the full-list downloads. */
export function singleColumnCsv(header: string, values: readonly string[]): string {
  return [header, ...values].map(csvField).join('\r\n') + '\r\n';
}

/** The "WebSite Links" download: every link of `page_checks`. */
export const websiteLinksCsv = (links: readonly string[]): string => singleColumnCsv('URL', links);

/** The "Other domains on same server" download: every domain of `ip_checks.reverse_ip_lookup`. */
export const reverseIpDomainsCsv = (domains: readonly string[]): string => singleColumnCsv('Domain', domains);
