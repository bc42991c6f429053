import { hostParts } from '../url/host-parts.ts';
import { parseFeedUrl, urlKey } from './url-key.ts';

export const THREAT_TYPES = ['phishing', 'malware', 'scam', 'malicious'] as const;
export type ThreatType = (typeof THREAT_TYPES)[number];

export const INDICATOR_KINDS = ['url', 'host', 'domain'] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

/** One thing a feed says is bad: a whole URL, one host, or a registrable domain and all below it. */
export type Indicator = { kind: IndicatorKind; value: string };

/** An indicator as a feed reports it. */
export type FeedEntry = Indicator & { threat: ThreatType; firstSeen: Date | null; reference: string | null };

/**
 * A URL indicator in its matching form, or null when the text is no URL. A listed site root
 * (`http://evil.example/`) condemns the whole host, as the feeds mean it.
 */
export function urlIndicator(raw: string): Indicator | null {
  const url = parseFeedUrl(raw);
  if (!url) return null;
  if (url.pathname === '/' && url.search === '' && url.port === '') return { kind: 'host', value: hostParts(url.hostname).host };
  return { kind: 'url', value: urlKey(url) };
}

/**
 * A bare name from a plain list: a registrable domain covers its subdomains, any other host
 * only itself.
 */
export function nameIndicator(raw: string): Indicator | null {
  const url = parseFeedUrl(raw);
  if (!url) return null;
  const parts = hostParts(url.hostname);
  if (parts.isIp || parts.domain !== parts.host) return { kind: 'host', value: parts.host };
  return { kind: 'domain', value: parts.host };
}

/** A plain-list line: URLs (a scheme or a path) stay URLs, names become host or domain indicators. */
export function lineIndicator(raw: string): Indicator | null {
  const line = raw.trim();
  const looksLikeUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(line) || line.includes('/');
  return looksLikeUrl ? urlIndicator(line) : nameIndicator(line);
}
