import { DNSTWIST_FUZZERS, generateLookalikes, PHISHED_BRANDS, ReputationIndex, TOP_SITES } from '@riskscan/scanner';

/** A deterministic pseudo-random sequence, so every run judges the same corpus. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS = [
  'shop',
  'news',
  'cloud',
  'green',
  'media',
  'blog',
  'travel',
  'data',
  'home',
  'tech',
  'city',
  'art',
  'food',
  'music',
  'studio',
];
const PATHS = [
  '/',
  '/index.html',
  '/login',
  '/account/verify?id=123',
  '/wp-admin/',
  '/products/42',
  '/search?q=shoes',
  '/download/setup.exe',
];
const SUFFIXES = ['com', 'net', 'org', 'de', 'co.uk', 'xyz', 'top', 'info', 'io'];

/**
 * URLs like a mail gateway or proxy log sees: mostly ordinary sites and well-known domains, with
 * typosquats, brand look-alikes and blocklisted pages mixed in.
 */
export function buildCorpus(size: number): string[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const squats = PHISHED_BRANDS.slice(0, 30).flatMap((brand) =>
    [...generateLookalikes(brand.domains[0] ?? 'example.com', { families: DNSTWIST_FUZZERS })]
      .filter((_, index) => index % 25 === 0)
      .map((item) => item.domain),
  );
  const urls: string[] = [];
  for (let i = 0; i < size; i++) {
    const roll = next();
    if (roll < 0.45) urls.push(`https://${pick(WORDS)}${pick(WORDS)}${Math.floor(next() * 10_000)}.${pick(SUFFIXES)}${pick(PATHS)}`);
    else if (roll < 0.75) urls.push(`https://www.${pick(TOP_SITES)}${pick(PATHS)}`);
    else if (roll < 0.85) urls.push(`http://${pick(squats)}${pick(PATHS)}`);
    else if (roll < 0.95)
      urls.push(`https://${pick(PHISHED_BRANDS).tokens[0] ?? 'secure'}-${pick(WORDS)}-login.${pick(SUFFIXES)}${pick(PATHS)}`);
    else urls.push(`http://listed-${Math.floor(next() * 100_000)}.example${pick(PATHS)}`);
  }
  return urls;
}

/** A reputation index the size of a few real feeds: URLs, hosts and domains. */
export function buildReputation(indicators: number): ReputationIndex {
  const index = new ReputationIndex();
  for (let i = 0; i < indicators; i++) {
    if (i % 3 === 0) index.add({ kind: 'url', value: `listed-${i % 100_000}.example/login`, threat: 'phishing', source: 'openphish' });
    else if (i % 3 === 1) index.add({ kind: 'host', value: `listed-${i % 100_000}.example`, threat: 'malware', source: 'urlhaus' });
    else index.add({ kind: 'domain', value: `bad-${i}.test`, threat: 'malicious', source: 'list' });
  }
  return index;
}
