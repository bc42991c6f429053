// prettier-ignore
const TLDS = [
  'abbvie', 'accenture', 'airbus', 'airtel', 'alibaba', 'allstate', 'ally', 'amazon', 'americanexpress', 'apple', 'audi',
  'avianca', 'axa', 'baidu', 'barclays', 'bnpparibas', 'booking', 'bosch', 'bradesco', 'capitalone', 'chase', 'cisco', 'citi',
  'comcast', 'dell', 'delta', 'discover', 'edeka', 'epson', 'ericsson', 'etisalat', 'fidelity', 'flickr', 'ford', 'fujitsu',
  'godaddy', 'hdfcbank', 'homedepot', 'honda', 'hsbc', 'hyundai', 'ieee', 'intuit', 'itau', 'jcb', 'jpmorgan', 'juniper', 'kddi',
  'kpn', 'lamborghini', 'macys', 'marriott', 'microsoft', 'mitsubishi', 'mtn', 'netflix', 'nike', 'nikon', 'nissan', 'nokia',
  'norton', 'oracle', 'orange', 'panasonic', 'pnc', 'progressive', 'rogers', 'samsung', 'sap', 'seat', 'sfr', 'shaw', 'shell',
  'sky', 'smart', 'sncf', 'softbank', 'sony', 'statefarm', 'suzuki', 'target', 'toyota', 'ubs', 'ups', 'vanguard', 'virgin',
  'visa', 'walmart', 'yandex',
];

/**
 * Top-level domains a brand runs for itself (ICANN's "dot brand" TLDs, decision 606): nobody but
 * the brand registers a name under `.microsoft` or `.chase`, so `outlook.cloud.microsoft` is
 * Microsoft's own address, never a slip of iCloud. The list is the Public Suffix List's new gTLDs
 * (a dated entry) whose registry operator is named after the TLD (`microsoft : Microsoft
 * Corporation`; an open registry named "Dot X" or "X Domain Registry" is left out) and whose name
 * is a catalogue brand's token or own domain's name; none is the ending of any address in the
 * 2025 phishing slice. Brands whose registry is a subsidiary named otherwise (`.google`, Charleston
 * Road Registry) are not in it: the derivation cannot tell them from open TLDs.
 */
export const BRAND_TLDS: ReadonlySet<string> = new Set(TLDS);

/** Whether a registrable domain sits under a brand's own top-level domain. */
export function underBrandTld(domain: string): boolean {
  return BRAND_TLDS.has(domain.slice(domain.lastIndexOf('.') + 1));
}
