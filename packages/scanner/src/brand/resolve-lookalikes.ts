import type { LookalikeDnsRecords } from '@riskscan/contracts';
import { createResolver, type RecordAnswer, type RecordResolver } from '../net/resolver.ts';
import type { Lookalike } from './generate-lookalikes.ts';

/** What DNS said of a look-alike name (not monitoring's lifecycle status, `LookalikeStatus` in contracts). */
export type LookalikeResolution = 'registered' | 'unregistered' | 'unknown';
/** A look-alike with what DNS said of it. */
export type ResolvedLookalike = Lookalike & { status: LookalikeResolution; dns: LookalikeDnsRecords };
export type ResolveProgress = { done: number; registered: number; unknown: number; total: number | null };

export interface ResolveLookalikesOptions {
  /** The scanner's resolver; by default one is made for `dnsServers`. */
  resolver?: RecordResolver;
  /** DNS servers (`SCAN_DNS_SERVERS` entries); empty: the system's. */
  dnsServers?: readonly string[];
  /** Names checked at once (default 50). */
  concurrency?: number;
  /** Per-query timeout (default 2500 ms, dnstwist's). */
  timeoutMs?: number;
  /** Further tries of a query that failed or timed out (default 1). */
  retries?: number;
  onProgress?: (progress: ResolveProgress) => void;
}

const DEFAULT_CONCURRENCY = 50;
const DEFAULT_TIMEOUT_MS = 2500;
const DEFAULT_RETRIES = 1;

async function ask(resolver: RecordResolver, name: string, type: 'A' | 'AAAA' | 'MX' | 'NS', retries: number): Promise<RecordAnswer> {
  let answer = await resolver.records(name, type);
  for (let retry = 0; retry < retries && answer.status === 'failed'; retry++) answer = await resolver.records(name, type);
  return answer;
}

// Sorted as dnstwist lists them.
const recordsOf = (answer: RecordAnswer): string[] => (answer.status === 'ok' ? [...answer.records].sort() : []);

/**
 * dnstwist's check of one name: NS first (NXDOMAIN ends it), then A and AAAA, and MX when the
 * name has name servers. Any record makes it registered (a delegated name without an address
 * too); no record but a failed query (SERVFAIL, timeout) makes it unknown, never registered.
 */
async function check(resolver: RecordResolver, lookalike: Lookalike, retries: number): Promise<ResolvedLookalike> {
  const dns: LookalikeDnsRecords = { a: [], aaaa: [], mx: [], ns: [] };
  const ns = await ask(resolver, lookalike.domain, 'NS', retries);
  if (ns.status === 'nxdomain') return { ...lookalike, status: 'unregistered', dns };
  const [a, aaaa, mx] = await Promise.all([
    ask(resolver, lookalike.domain, 'A', retries),
    ask(resolver, lookalike.domain, 'AAAA', retries),
    ns.status === 'ok' ? ask(resolver, lookalike.domain, 'MX', retries) : null,
  ]);
  dns.ns = recordsOf(ns);
  dns.a = recordsOf(a);
  dns.aaaa = recordsOf(aaaa);
  dns.mx = mx ? recordsOf(mx) : [];
  const answers = [ns, a, aaaa, mx];
  const status: LookalikeResolution =
    dns.ns.length + dns.a.length + dns.aaaa.length + dns.mx.length > 0
      ? 'registered'
      : answers.some((answer) => answer?.status === 'failed')
        ? 'unknown'
        : 'unregistered';
  return { ...lookalike, status, dns };
}

function knownSize(names: Iterable<Lookalike>): number | null {
  if (Array.isArray(names)) return names.length;
  if (names instanceof Set) return names.size;
  return null;
}

/**
 * Which look-alikes exist, as dnstwist's `--registered` decides, through the scanner's resolver.
 * Names are pulled lazily from `names` and checked `concurrency` at a time; results come in the
 * order they finish.
 */
export async function* resolveLookalikes(
  names: Iterable<Lookalike>,
  options: ResolveLookalikesOptions = {},
): AsyncIterable<ResolvedLookalike> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const resolver = options.resolver ?? createResolver({ servers: options.dnsServers ?? [], timeoutMs, tries: 1, pipelined: true });
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const retries = options.retries ?? DEFAULT_RETRIES;
  const progress: ResolveProgress = { done: 0, registered: 0, unknown: 0, total: knownSize(names) };
  const pending = names[Symbol.iterator]();
  const finished: ResolvedLookalike[] = [];
  let exhausted = false;
  let active = 0;
  let wake: (() => void) | null = null;

  const start = (lookalike: Lookalike) => {
    active++;
    void check(resolver, lookalike, retries)
      .catch((): ResolvedLookalike => ({ ...lookalike, status: 'unknown', dns: { a: [], aaaa: [], mx: [], ns: [] } }))
      .then((result) => {
        active--;
        finished.push(result);
        wake?.();
      });
  };

  for (;;) {
    while (!exhausted && active < concurrency) {
      const next = pending.next();
      if (next.done) exhausted = true;
      else start(next.value);
    }
    if (finished.length === 0) {
      if (active === 0) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      continue;
    }
    for (const result of finished.splice(0)) {
      progress.done++;
      if (result.status === 'registered') progress.registered++;
      else if (result.status === 'unknown') progress.unknown++;
      options.onProgress?.({ ...progress });
      yield result;
    }
  }
}
