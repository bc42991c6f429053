// A visit as every log format reads it: its parts, its host, and the common log format's time.

/** One visit read from a proxy log; `host` is the name (or address) the client asked for. */
export type Visit = { time: string | null; client: string | null; method: string | null; url: string; host: string };

/** Why a line is not a visit (see `SKIP_REASONS`). */
export type Skip = 'blank' | 'header' | 'unreadable' | 'no_host';

/** Reads the lines of one log in order; header lines (Zeek's `#fields`, ELFF's `#Fields:`) set up the ones after. */
export type LogReader = { read(line: string): Visit | Skip };

// A DNS name with at least one dot, or an IPv4 address; Squid's `error:...` pseudo-URLs are neither.
const HOST_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)+[a-z0-9-]+$/;

function stripPort(authority: string): string | null {
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1) || null;
  const colon = authority.lastIndexOf(':');
  const host = (colon === -1 ? authority : authority.slice(0, colon)).toLowerCase().replace(/\.$/, '');
  return host.length <= 253 && HOST_NAME.test(host) ? host : null;
}

/** The host of an absolute URL, of `host:port` (CONNECT) or of `host/path` (Zscaler's eurl). */
export function hostOf(target: string): string | null {
  if (target.includes('://')) {
    const start = target.indexOf('://') + 3;
    let end = start;
    while (end < target.length && !'/?#'.includes(target[end]!)) end++;
    const authority = target.slice(start, end);
    const at = authority.lastIndexOf('@');
    return stripPort(at === -1 ? authority : authority.slice(at + 1));
  }
  if (target.startsWith('/')) return null;
  return stripPort(target.split('/')[0]!);
}

export function empty(value: string | undefined): string | null {
  return value === undefined || value === '' || value === '-' || value === '(empty)' ? null : value;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const CLF_TIME = /^(\d{1,2})\/([a-z]{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})(?: ([+-])(\d{2})(\d{2}))?$/i;

/** `10/Oct/2025:13:55:36 -0700`, the common log format's time. */
export function clfTime(value: string): string | null {
  const match = CLF_TIME.exec(value);
  if (!match) return null;
  const [, day, month, year, hour, minute, second, sign, offsetHours, offsetMinutes] = match;
  const monthIndex = MONTHS.indexOf(month!.toLowerCase());
  if (monthIndex === -1) return null;
  const utc = Date.UTC(Number(year), monthIndex, Number(day), Number(hour), Number(minute), Number(second));
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) : 0;
  return new Date(utc - offset * 60_000).toISOString();
}

/** A visit from its parts; a path-only URL is completed with the host; no host at all is a skip. */
export function visitFromParts(parts: {
  time: string | null;
  client: string | null;
  method: string | null;
  url: string | null;
  host: string | null;
}): Visit | Skip {
  const host = (parts.host && stripPort(parts.host)) ?? (parts.url ? hostOf(parts.url) : null);
  if (!host) return parts.url || parts.host ? 'no_host' : 'unreadable';
  let url = parts.url ?? host;
  if (url.startsWith('/')) url = `http://${host}${url}`;
  return { time: parts.time, client: parts.client, method: parts.method, url, host };
}
