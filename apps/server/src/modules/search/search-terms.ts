import type { CheckResult } from '@riskscan/contracts';
import { brandsNamedIn, siteOf } from '@riskscan/scanner';

export const TERM_KINDS = ['domain', 'ip', 'asn', 'hash', 'brand'] as const;
export type TermKind = (typeof TERM_KINDS)[number];
export type SearchTerm = { kind: TermKind; value: string };

/** A page with thousands of requests still gets a bounded index entry. */
const MAX_TERMS = 2000;

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

/** `AS13335 Cloudflare` → 13335: the IP checks report the AS only as text. */
function asnInText(text: string | undefined): number | null {
  const match = /^AS(\d+)\b/.exec(text ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * What a finished report can be found by: every host it touched and their registrable domains,
 * every address and AS, the page, screenshot and download hashes, and the brands its title names.
 */
export function searchTermsOf(result: CheckResult): SearchTerm[] {
  const capture = result.capture;
  const urls = [result.url, result.final_url, ...(result.redirect_chain ?? []), ...(capture?.requests.map((request) => request.url) ?? [])];
  const hosts = urls.flatMap((url) => (url ? [hostOf(url)] : [])).filter((host): host is string => host !== null);
  const domains = hosts.flatMap((host) => [host, siteOf(`http://${host.includes(':') ? `[${host}]` : host}/`)]);
  const ips = [result.ip, result.hosting?.ip, ...(capture?.requests.map((request) => request.remote_ip) ?? [])];
  const asns = [
    result.hosting?.asn,
    asnInText(result.ip_checks?.as_lookup.result),
    ...(capture?.requests.map((request) => request.asn) ?? []),
  ];
  const hashes = [result.page_sha256, capture?.screenshot_phash, ...(capture?.downloads.map((download) => download.sha256) ?? [])];
  const brands = capture?.title ? brandsNamedIn(capture.title).map((brand) => brand.name.toLowerCase()) : [];
  const terms = new Map<string, SearchTerm>();
  const add = (kind: TermKind, values: readonly (string | number | null | undefined)[]) => {
    for (const value of values) {
      if (value === null || value === undefined || value === '') continue;
      const text = String(value).toLowerCase();
      terms.set(`${kind}\n${text}`, { kind, value: text });
    }
  };
  add('domain', domains);
  add('ip', ips);
  add('asn', asns);
  add('hash', hashes);
  add('brand', brands);
  return [...terms.values()].slice(0, MAX_TERMS);
}
