import ipaddr from 'ipaddr.js';
import { guardedFetch, type GuardedFetchOptions } from '../net/guarded-fetch.ts';

/** A passive-DNS service answering `GET <url><ip>` in the Passive DNS Common Output Format (CIRCL's `…/pdns/query/`). */
export interface PassiveDnsSource {
  /** Query prefix; the address is appended, e.g. `https://www.circl.lu/pdns/query/`. */
  url: string;
  /** HTTP Basic credentials, when the service wants them. */
  username?: string;
  password?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
/** A busy shared host has thousands of names; more than this adds nothing to the report or the check. */
const MAX_NAMES = 1000;
const MAX_BYTES = 2 * 1024 * 1024;

const sameAddress = (left: string, right: string) =>
  ipaddr.isValid(left) && ipaddr.isValid(right) && ipaddr.process(left).toString() === ipaddr.process(right).toString();

/**
 * Pure: the names a COF answer (one JSON object per line: rrname, rrtype, rdata, time_first,
 * time_last, count) saw resolving to `ip`, most recently seen first. Lines that are not records,
 * or another type or address, are skipped: a cut-off last line is expected from a capped read.
 */
export function namesFromPassiveDns(text: string, ip: string): string[] {
  const seen = new Map<string, number>();
  for (const line of text.split('\n')) {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof record !== 'object' || record === null) continue;
    const { rrname, rrtype, rdata, time_last: timeLast } = record as Record<string, unknown>;
    if (typeof rrname !== 'string' || (rrtype !== 'A' && rrtype !== 'AAAA')) continue;
    const addresses = Array.isArray(rdata) ? rdata : [rdata];
    if (!addresses.some((address) => typeof address === 'string' && sameAddress(address, ip))) continue;
    const name = rrname.toLowerCase().replace(/\.$/, '');
    const last = typeof timeLast === 'number' ? timeLast : 0;
    seen.set(name, Math.max(seen.get(name) ?? 0, last));
  }
  return [...seen.entries()]
    .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
    .slice(0, MAX_NAMES)
    .map(([name]) => name);
}

/**
 * Names the passive-DNS source saw on `ip`, fetched through the scan's egress guard with a
 * deadline. Any failure (refused, slow, bad credentials, garbage) gives no names: the source only
 * adds to the report, it never fails a scan.
 */
export async function passiveDnsNames(ip: string, source: PassiveDnsSource, fetchOptions: GuardedFetchOptions): Promise<string[]> {
  const headers: Record<string, string> = { ...fetchOptions.headers, accept: 'application/x-ndjson, application/json' };
  if (source.username !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${source.username}:${source.password ?? ''}`).toString('base64')}`;
  }
  try {
    const response = await guardedFetch(`${source.url}${ipaddr.process(ip).toString()}`, {
      ...fetchOptions,
      headers,
      timeoutMs: source.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      // Credentials must not follow a redirect to another host.
      followRedirects: false,
    });
    if (response.status !== 200) return [];
    return namesFromPassiveDns(response.body.toString('utf8'), ip);
  } catch {
    return [];
  }
}
