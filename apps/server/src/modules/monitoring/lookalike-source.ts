import { Resolver } from 'node:dns/promises';
import { generateLookalikes } from '@riskscan/scanner';
import type { DnsRecords } from '@riskscan/contracts';

/*
 * Adapter until the look-alike engine (issue 18) lands on main: the same shapes as its
 * `generateLookalikes(domain, {keywords})`, `resolveLookalikes` and `htmlSimilarity`, built on
 * today's generator and node's resolver. Delete this file when switching to the engine's.
 */

export type Resolution = 'registered' | 'unregistered' | 'unknown';
export type ResolvedLookalike = { domain: string; fuzzer: string; status: Resolution; dns: DnsRecords };
export type ResolveOptions = {
  dnsServers?: readonly string[];
  concurrency?: number;
  timeoutMs?: number;
  onProgress?: (done: number) => void;
};

const COMBO_WORDS_ORDER = (label: string, word: string) => [`${label}${word}`, `${label}-${word}`, `${word}${label}`, `${word}-${label}`];

/** The engine's names, plus the monitor's keywords combined with the brand (`brand-login.com`). */
export function* lookalikeNames(domain: string, keywords: readonly string[] = []): Iterable<{ domain: string; fuzzer: string }> {
  yield* generateLookalikes(domain);
  const [label, ...suffix] = domain.split('.');
  for (const word of keywords) {
    for (const name of COMBO_WORDS_ORDER(label!, word)) yield { domain: [name, ...suffix].join('.'), fuzzer: 'combosquatting' };
  }
}

const NO_NAME = new Set(['ENOTFOUND', 'NXDOMAIN']);
const NO_DATA = new Set(['ENODATA']);

async function records<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch {
    return [];
  }
}

async function resolveOne(resolver: Resolver, name: { domain: string; fuzzer: string }): Promise<ResolvedLookalike> {
  const empty: DnsRecords = { a: [], aaaa: [], mx: [], ns: [] };
  let ns: string[] = [];
  try {
    ns = await resolver.resolveNs(name.domain);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    // NXDOMAIN: nobody registered it. No NS records but the name exists: registered. Anything else
    // (SERVFAIL, timeout) says nothing either way, and is not a registration.
    if (NO_NAME.has(code)) return { ...name, status: 'unregistered', dns: empty };
    if (!NO_DATA.has(code)) return { ...name, status: 'unknown', dns: empty };
  }
  const [a, aaaa, mx] = await Promise.all([
    records(resolver.resolve4(name.domain)),
    records(resolver.resolve6(name.domain)),
    records(resolver.resolveMx(name.domain)),
  ]);
  return { ...name, status: 'registered', dns: { a, aaaa, mx: mx.map((record) => record.exchange), ns } };
}

/** Resolves names as dnstwist does (NS, then A, AAAA and MX), a bounded number at once, in completion order. */
export async function* resolveLookalikes(
  names: Iterable<{ domain: string; fuzzer: string }>,
  options: ResolveOptions = {},
): AsyncIterable<ResolvedLookalike> {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
  if (options.dnsServers?.length) resolver.setServers([...options.dnsServers]);
  const iterator = names[Symbol.iterator]();
  const concurrency = options.concurrency ?? 100;
  const running = new Map<number, Promise<{ key: number; result: ResolvedLookalike }>>();
  let key = 0;
  let done = 0;
  const start = () => {
    const next = iterator.next();
    if (next.done) return false;
    const id = key++;
    running.set(
      id,
      resolveOne(resolver, next.value).then((result) => ({ key: id, result })),
    );
    return true;
  };
  while (running.size < concurrency && start());
  while (running.size > 0) {
    const { key: finished, result } = await Promise.race(running.values());
    running.delete(finished);
    options.onProgress?.(++done);
    yield result;
    start();
  }
}

function shingles(html: string): Set<string> {
  const words = html
    .toLowerCase()
    .replace(/<[^>]+>/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1);
  const tags = html.toLowerCase().match(/<[a-z][a-z0-9]*/g) ?? [];
  const set = new Set<string>();
  for (const list of [words, tags]) for (let i = 0; i + 2 < list.length + 1; i++) set.add(list.slice(i, i + 3).join(' '));
  return set;
}

/** How alike two pages are, 0-100: shared three-word and three-tag runs over all of them. */
export function htmlSimilarity(a: string, b: string): number {
  const left = shingles(a);
  const right = shingles(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const shingle of left) if (right.has(shingle)) shared++;
  return Math.round((100 * shared) / (left.size + right.size - shared));
}
