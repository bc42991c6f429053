import { urlFacts } from '@riskscan/scanner';

export const INVALID_DOMAIN = 'Enter a domain name such as example.com.';
export const IP_NOT_DOMAIN = 'Enter a domain name, not an IP address.';
export const SUBDOMAIN_NOT_WATCHED = 'Watch the registrable domain (for example example.com), not a subdomain.';
export const SPECIAL_USE_DOMAIN =
  'Enter a public domain name: names under .localhost, .local, .internal, .test, .invalid or .example cannot be registered.';

/** Special-use suffixes (RFC 6761, 6762, 7686, 8375, 9476 and ICANN's .internal): never registrable, often internal. */
const SPECIAL_USE_SUFFIXES = ['localhost', 'local', 'internal', 'test', 'invalid', 'example', 'onion', 'alt', 'home.arpa', 'arpa'];

const isSpecialUse = (host: string) => SPECIAL_USE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));

/**
 * The registrable domain a monitor watches, in ASCII (punycode) form, from what a user typed: a
 * bare name, `www.` and a pasted URL are fine; an IP address, a subdomain or a bare suffix is not.
 */
export function parseWatchedDomain(input: string): { ok: true; domain: string } | { ok: false; message: string } {
  const text = input.trim().toLowerCase().replace(/\.$/, '');
  if (text === '' || /\s/.test(text)) return { ok: false, message: INVALID_DOMAIN };
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `https://${text}`;
  if (!URL.canParse(candidate)) return { ok: false, message: INVALID_DOMAIN };
  const facts = urlFacts(candidate);
  if (facts.isIp) return { ok: false, message: IP_NOT_DOMAIN };
  const host = facts.hostname.replace(/^www\./, '');
  if (!facts.registrableDomain || !/^[a-z0-9.-]+$/.test(host) || host.split('.').some((label) => label === '' || label.length > 63)) {
    return { ok: false, message: INVALID_DOMAIN };
  }
  if (isSpecialUse(host)) return { ok: false, message: SPECIAL_USE_DOMAIN };
  if (host !== facts.registrableDomain) return { ok: false, message: SUBDOMAIN_NOT_WATCHED };
  return { ok: true, domain: host };
}
