import type { HostParts } from '../url/host-parts.ts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';

// Top-level domains that abuse reports over-represent (cheap or free registrations).
// prettier-ignore
const ABUSED_TLDS = new Set([
  'zip', 'mov', 'xyz', 'top', 'tk', 'ml', 'ga', 'cf', 'gq', 'icu', 'cyou', 'buzz', 'rest', 'click', 'country', 'kim', 'work',
  'cam', 'sbs', 'lol', 'monster', 'quest', 'bond', 'cfd', 'shop', 'live', 'support', 'online', 'site', 'fit', 'surf',
]);
// prettier-ignore
const SHORTENERS = new Set([
  'bit.ly', 'tinyurl.com', 'is.gd', 'cutt.ly', 'rebrand.ly', 'ow.ly', 'goo.gl', 'shorturl.at', 'rb.gy', 'tiny.cc', 'buff.ly', 't.ly', 'v.gd', 's.id',
]);
// prettier-ignore
const LURE_WORDS = [
  'login', 'logon', 'signin', 'sign-in', 'verify', 'verification', 'secure', 'account', 'update', 'confirm', 'unlock', 'suspend',
  'password', 'webscr', 'recovery', 'wallet', 'banking', 'billing', 'invoice', 'authenticate', 'validate', 'reactivate', 'support',
];
const EXECUTABLE_PATH = /\.(exe|scr|msi|bat|cmd|ps1|vbs|jar|apk|dll|hta|iso|img|lnk|sh|bin|elf|arm7?|mips|x86)$/i;

const MAX_SUBDOMAIN_LEVELS = 3;
const LONG_HOST = 60;
const LONG_URL = 200;

/** Signals read from the URL's spelling alone: each is weak, together they add up. */
export function lexicalSignals(url: URL, parts: HostParts): Signal[] {
  const signals: Signal[] = [];
  const add = (code: string, risk_score: number, message: string, classification: string | null = null) =>
    signals.push({ code, risk_score, message, classification });

  if (parts.isIp) add('ip_host', 35, 'The address uses a bare IP address instead of a domain name.');
  if (url.username || url.password)
    add('credentials_in_url', 45, 'The address hides its real host behind user information before an @ sign.');
  if (url.protocol === 'http:') add('no_tls', 10, 'The address does not use an encrypted connection (https).');
  if (url.port) add('unusual_port', 15, `The address uses the non-standard port ${url.port}.`);
  if (parts.host.includes('xn--')) add('punycode_host', 20, 'The host name contains international characters encoded as xn--.');
  if (parts.suffix && ABUSED_TLDS.has(parts.suffix))
    add('abused_tld', 15, `The top-level domain .${parts.suffix} is common in abuse reports.`);
  if (parts.domain && SHORTENERS.has(parts.domain))
    add('url_shortener', 20, `${parts.domain} is a link shortener that hides the final destination.`);
  if (parts.subdomain.split('.').length > MAX_SUBDOMAIN_LEVELS)
    add('deep_subdomains', 15, 'The host name has an unusual number of subdomain levels.');
  if (parts.host.length > LONG_HOST) add('long_host', 10, 'The host name is unusually long.');
  if (url.href.length > LONG_URL) add('long_url', 10, 'The address is unusually long.');
  if (!parts.host.includes('xn--') && (parts.label ?? '').split('-').length > 3)
    add('many_hyphens', 10, 'The domain name strings several words together with hyphens.');
  if (EXECUTABLE_PATH.test(url.pathname))
    add('executable_download', 30, 'The address points straight at an executable or script file.', CLASSIFICATIONS.malware);

  const haystack = `${parts.host}${url.pathname}${url.search}`.toLowerCase();
  const lures = LURE_WORDS.filter((word) => haystack.includes(word));
  if (lures.length > 0)
    add('lure_words', lures.length > 1 ? 20 : 10, `The address contains words phishing pages use: ${lures.slice(0, 4).join(', ')}.`);
  return signals;
}
