import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { parseIpLiteral } from '../net/address-policy.ts';

/** What the Public Suffix List and the WHATWG parser say about one URL's host. */
export interface UrlFacts {
  href: string;
  scheme: 'http' | 'https' | string;
  /** ASCII (punycode) host, IPv6 without brackets. */
  hostname: string;
  /** The host as a person reads it (IDN decoded). */
  unicodeHostname: string;
  port: number | null;
  isIp: boolean;
  /** Registrable domain (eTLD+1), e.g. `example.co.uk`; null for IP hosts and bare suffixes. */
  registrableDomain: string | null;
  publicSuffix: string | null;
  /** Labels left of the registrable domain, e.g. `login.secure` in `login.secure.example.com`. */
  subdomain: string;
  /** The registrable domain without its suffix, e.g. `example`. */
  domainLabel: string | null;
  path: string;
  query: string;
  hasUserinfo: boolean;
}

export function urlFacts(input: string | URL): UrlFacts {
  const url = new URL(input);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const isIp = parseIpLiteral(hostname) !== null;
  const parsed = isIp ? null : parse(hostname, { allowPrivateDomains: true });
  return {
    href: url.href,
    scheme: url.protocol.replace(/:$/, ''),
    hostname,
    unicodeHostname: isIp ? hostname : domainToUnicode(hostname) || hostname,
    port: url.port ? Number(url.port) : null,
    isIp,
    registrableDomain: parsed?.domain ?? null,
    publicSuffix: parsed?.publicSuffix ?? null,
    subdomain: parsed?.subdomain ?? '',
    domainLabel: parsed?.domainWithoutSuffix ?? null,
    path: url.pathname,
    query: url.search,
    hasUserinfo: url.username !== '' || url.password !== '',
  };
}

/** The site a URL belongs to: its registrable domain, or its host when it has none (IP addresses). */
export function siteOf(url: string | URL | UrlFacts): string {
  const facts = typeof url === 'string' || url instanceof URL ? urlFacts(url) : url;
  return facts.registrableDomain ?? facts.hostname;
}

/** Same site for our purposes: same registrable domain, or the same IP/host when there is none. */
export function sameSite(a: UrlFacts, b: UrlFacts): boolean {
  return siteOf(a) === siteOf(b);
}
