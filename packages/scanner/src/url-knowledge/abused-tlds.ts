/**
 * Top-level domains with outsized abuse rates in public phishing and malware statistics
 * (Spamhaus "most abused TLDs", Interisle's phishing landscape studies, APWG trends): cheap or
 * free registrations, new gTLDs sold in bulk, and country codes given away for free.
 */
// prettier-ignore
export const ABUSED_TLDS: ReadonlySet<string> = new Set([
  'zip', 'mov', 'xyz', 'top', 'tk', 'ml', 'ga', 'cf', 'gq', 'icu', 'cyou', 'buzz', 'rest', 'click', 'country', 'kim', 'work',
  'cam', 'sbs', 'lol', 'monster', 'quest', 'bond', 'cfd', 'shop', 'live', 'support', 'online', 'site', 'fit', 'surf', 'link',
  'loan', 'win', 'review', 'gdn', 'men', 'date', 'racing', 'stream', 'download', 'info', 'ru', 'su', 'vip', 'club', 'store',
  'website', 'space', 'fun', 'host', 'pw', 'best', 'tokyo', 'uno', 'beauty', 'hair', 'makeup', 'skin', 'autos', 'boats',
  'homes', 'motorcycles', 'yachts', 'mom', 'pics', 'help', 'today', 'digital', 'finance', 'claims', 'services',
]);
