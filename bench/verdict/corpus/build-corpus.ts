import { writeFileSync } from 'node:fs';
import { domainToASCII } from 'node:url';
import {
  ABUSED_TLDS,
  brandCatalogue,
  type Brand,
  FREE_HOSTING,
  generateLookalikes,
  type Lookalike,
  LURE_THEMES,
  simpleIconBrands,
  TOP_SITES,
} from '@riskscan/scanner';
import { readLines, splitOf } from './corpus-split.ts';

/**
 * Builds the development corpus (`dev-corpus.tsv`: domain, label, family, split) from patterns,
 * never from a blocklist. Benign: the top sites, the catalogue's official domains, the hand-written
 * hard legitimate cases and ordinary names made of everyday words. Phishing: the campaign patterns
 * that public reports describe (brand plus lure words, digit and glyph swaps, keyboard slips, brand
 * names on free hosting and in strangers' subdomains, giveaway wording, abused TLDs) applied to
 * the catalogue's brands, plus the typosquatting generator's look-alikes. Brands are split into
 * train and eval by a hash of their name, so the evaluation measures brands the model never saw.
 * Run: `npm run corpus:verdict` (deterministic).
 */

// Everyday words for ordinary site names and for the random parts of phishing hosts.
// prettier-ignore
const WORDS = [
  'green', 'garden', 'studio', 'bakery', 'travel', 'media', 'river', 'stone', 'north', 'blue', 'coffee', 'kitchen', 'design',
  'house', 'city', 'forest', 'ocean', 'bright', 'smart', 'simple', 'urban', 'local', 'family', 'health', 'school', 'music',
  'photo', 'craft', 'motor', 'auto', 'pet', 'yoga', 'fitness', 'legal', 'dental', 'clinic', 'market', 'fresh', 'farm',
  'solar', 'energy', 'build', 'home', 'decor', 'books', 'games', 'sport', 'bike', 'outdoor', 'camp', 'wine', 'beer', 'pizza',
  'sushi', 'cafe', 'tech', 'data', 'cloud', 'code', 'labs', 'works', 'group', 'partners', 'consulting', 'digital', 'agency',
  'print', 'paper', 'golden', 'silver', 'red', 'black', 'white', 'happy', 'little', 'big', 'new', 'old', 'west', 'east',
  'south', 'alpine', 'lake', 'hill', 'valley', 'sun', 'moon', 'star', 'sky', 'rain', 'snow', 'wind', 'fire', 'wood', 'iron',
  'glass', 'paint', 'tools', 'parts', 'supply', 'store', 'shop', 'mart', 'hub', 'zone', 'point', 'line', 'net', 'web', 'online',
  'world', 'global', 'nation', 'united', 'royal', 'prime', 'first', 'best', 'top', 'pro', 'plus', 'max', 'one', 'go', 'now',
  'daily', 'weekly', 'news', 'times', 'post', 'journal', 'review', 'guide', 'tips', 'blog', 'life', 'style', 'fashion', 'beauty',
  'care', 'help', 'team', 'club', 'events', 'tickets', 'rental', 'homes', 'realty', 'finance', 'capital', 'invest', 'insure',
  'account', 'secure', 'support', 'service', 'pay', 'wallet', 'card', 'bank', 'trust', 'credit', 'loan', 'tax', 'track',
];
// prettier-ignore
const ORDINARY_TLDS = ['com', 'com', 'com', 'com', 'net', 'org', 'de', 'co.uk', 'fr', 'ch', 'nl', 'io', 'co', 'app', 'info', 'eu', 'es', 'it', 'ca', 'com.au', 'dev', 'shop', 'online', 'store', 'xyz'];
// prettier-ignore
const PHISH_TLDS = ['com', 'com', 'com', 'net', 'org', 'co', 'io', 'app', 'info', 'xyz', 'top', 'online', 'site', 'live', 'support', 'click', 'icu', 'shop', 'vip', 'cc', 'me', 'us', 'link', 'finance', 'network', 'pro', 'help'];
const LURES = [...LURE_THEMES.account, ...LURE_THEMES.billing, ...LURE_THEMES.support];
const WALLET_LURES = [
  ...LURE_THEMES.wallet,
  ...LURE_THEMES.account.slice(0, 20),
  ...LURE_THEMES.giveaway.slice(0, 12),
  ...LURE_THEMES.crypto.slice(0, 12),
];
// What brands name their own infrastructure and side sites (`googlevideo`, `amazon-adsystem`,
// `spotifycdn`): the benign twin of combosquatting, without a lure word.
// prettier-ignore
const INFRASTRUCTURE = [
  'cdn', 'static', 'img', 'images', 'video', 'videos', 'media', 'assets', 'api', 'apis', 'dns', 'cloud', 'apps', 'content',
  'usercontent', 'analytics', 'ads', 'adsystem', 'tagmanager', 'syndication', 'status', 'blog', 'dev', 'developer', 'developers',
  'labs', 'engineering', 'careers', 'jobs', 'news', 'press', 'community', 'events', 'foundation', 'research', 'design', 'studio',
  'docs', 'edge', 'sites', 'pages', 'games', 'music', 'tv', 'kids', 'health', 'fonts', 'maps', 'photos', 'usercontent', 'stream',
  'play', 'store', 'shop', 'data', 'ai', 'ml', 'hq', 'inc', 'group', 'global', 'corp', 'ir', 'investor', 'brand', 'partners',
];
const GIVEAWAY = LURE_THEMES.giveaway;
const CRYPTO = LURE_THEMES.crypto;
const PLATFORMS = [...FREE_HOSTING].filter((platform) => !['sites.google.com', 'blogger.com', 'wix.com', 'netlify.com'].includes(platform));
const ABUSED = [...ABUSED_TLDS];
const DIGITS: Record<string, string> = { o: '0', l: '1', i: '1', e: '3', a: '4', s: '5', t: '7', b: '8', g: '9' };

/** mulberry32: a small deterministic generator, so every build writes the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const next = random(17);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const chance = (p: number) => next() < p;

type Row = { domain: string; label: 0 | 1; family: string; split: 'train' | 'eval' };
const rows = new Map<string, Row>();
function add(domain: string, label: 0 | 1, family: string, split: 'train' | 'eval'): void {
  const ascii = domainToASCII(domain.toLowerCase());
  if (!ascii || rows.has(ascii)) return;
  rows.set(ascii, { domain: ascii, label, family, split });
}

const catalogue = brandCatalogue();
const owned = new Set(catalogue.brands.flatMap((brand) => brand.domains));
for (const domain of TOP_SITES) owned.add(domain);

// ---- benign
for (const domain of TOP_SITES) add(domain, 0, 'popular', splitOf(domain));
for (const brand of catalogue.brands)
  for (const domain of brand.domains) add(domain, 0, brand.curated ? 'official-curated' : 'official-icon', splitOf(brand.name));
for (const domain of readLines(new URL('./hard-legit.txt', import.meta.url))) add(domain, 0, 'hard-legit', 'eval');
// Real product names without a known domain: brand-like start-up names, many a slip away from a
// catalogue brand, as legitimate ones are.
const tokens = new Set(catalogue.brands.flatMap((brand) => brand.tokens));
for (const icon of simpleIconBrands()) {
  const name = icon.slug.replace(/[^a-z0-9]/g, '');
  if (icon.domains.length > 0 || name.length < 4 || tokens.has(name)) continue;
  add(`${name}.${pick(['com', 'com', 'io', 'app', 'dev', 'co', 'org', 'net'])}`, 0, 'brand-like-name', splitOf(name));
}
// Banks, payment, crypto, government and delivery brands get no such twins: their names next to
// another word are what phishing registers.
const LURE_SECTORS = new Set(['bank', 'payment', 'crypto', 'government', 'delivery']);
for (const brand of catalogue.brands) {
  if (brand.tokens.length === 0 || brand.domains.length === 0 || LURE_SECTORS.has(brand.sector)) continue;
  for (let i = 0; i < (brand.curated ? 3 : 1); i++) {
    const t = pick(brand.tokens);
    const word = pick(INFRASTRUCTURE);
    const tld = chance(0.7) ? brand.domains[0]!.split('.').slice(1).join('.') || 'com' : pick(['com', 'net', 'io', 'co']);
    const shape = next();
    const name = shape < 0.6 ? `${t}${word}` : shape < 0.85 ? `${t}-${word}` : `${word}${t}`;
    add(`${name}.${tld}`, 0, 'brand-infrastructure', splitOf(brand.name));
  }
}
for (let i = 0; i < 6000; i++) {
  const a = pick(WORDS);
  const b = pick(WORDS);
  const shape = next();
  const name =
    shape < 0.1
      ? a
      : shape < 0.15
        ? `${a}${Math.floor(next() * 1000)}`
        : shape < 0.45
          ? `${a}${b}`
          : shape < 0.7
            ? `${a}-${b}`
            : shape < 0.8
              ? `${a}${b}${Math.floor(next() * 100)}`
              : shape < 0.9
                ? a + pick(['ly', 'ify', 'io', 'hq', 'app', 'co'])
                : `${a}-${b}-${pick(WORDS)}`;
  const domain = `${chance(0.15) ? `${pick(['shop', 'app', 'blog', 'mail', 'my', 'portal', 'www'])}.` : ''}${name}.${pick(ORDINARY_TLDS)}`;
  add(domain, 0, 'ordinary', splitOf(domain));
}

// ---- phishing, from the brands' names
const targets = catalogue.brands.filter((brand) => brand.tokens.length > 0);
const curated = targets.filter((brand) => brand.curated);
const generated = new Map<string, Lookalike[]>();
function lookalikesOf(domain: string): Lookalike[] {
  let list = generated.get(domain);
  if (!list) {
    list = [...generateLookalikes(domain)];
    generated.set(domain, list);
  }
  return list;
}
function token(brand: Brand): string {
  return pick(brand.tokens);
}
function lureFor(brand: Brand): string {
  return brand.sector === 'crypto' ? pick(WALLET_LURES) : pick(LURES);
}
function digitSwap(word: string): string | null {
  const positions = [...word].map((char, index) => (DIGITS[char] ? index : -1)).filter((index) => index >= 0);
  if (positions.length === 0) return null;
  const chars = [...word];
  for (const index of positions
    .filter(() => chance(0.5))
    .slice(0, 2)
    .concat(pick(positions)))
    chars[index] = DIGITS[chars[index]!]!;
  return chars.join('');
}
function stranger(): string {
  return `${pick(WORDS)}${chance(0.5) ? pick(WORDS) : Math.floor(next() * 1000)}.${pick(PHISH_TLDS)}`;
}

for (let i = 0; i < 14_000; i++) {
  const brand = chance(0.75) ? pick(curated) : pick(targets);
  const split = splitOf(brand.name);
  const t = token(brand);
  const tld = pick(PHISH_TLDS);
  const roll = next();
  if (roll < 0.18) {
    const parts = chance(0.5) ? [t, lureFor(brand)] : [lureFor(brand), t];
    if (chance(0.4)) parts.push(lureFor(brand));
    if (chance(0.15)) parts.unshift(pick(['my', 'www', 'app', 'web', 'official', 'secure']));
    add(`${parts.join('-')}.${tld}`, 1, 'combo-hyphen', split);
  } else if (roll < 0.3) {
    add(`${chance(0.5) ? `${t}${lureFor(brand)}` : `${lureFor(brand)}${t}`}.${tld}`, 1, 'combo-joined', split);
  } else if (roll < 0.38) {
    const swapped = digitSwap(t);
    if (swapped) add(`${swapped}${chance(0.3) ? `-${lureFor(brand)}` : ''}.${tld}`, 1, 'digit-swap', split);
  } else if (roll < 0.46) {
    const platform = pick(PLATFORMS);
    const name = chance(0.6)
      ? `${t}-${lureFor(brand)}`
      : chance(0.5)
        ? `${t}${lureFor(brand)}`
        : `${t}${chance(0.5) ? Math.floor(next() * 100) : ''}`;
    add(`${name}.${platform}`, 1, 'free-hosting', split);
  } else if (roll < 0.53) {
    const shape = next();
    const host =
      shape < 0.4
        ? `${t}.${stranger()}`
        : shape < 0.7
          ? `${brand.domains[0]}.${lureFor(brand)}-${stranger()}`
          : `${lureFor(brand)}.${t}.${stranger()}`;
    add(host, 1, 'brand-subdomain', split);
  } else if (roll < 0.58) {
    add(`${t}.${pick(ABUSED)}`, 1, 'tld-swap', split);
  } else if (roll < 0.66) {
    // a slip in the brand plus a lure word (`netfiix-billing-update`)
    const slips = lookalikesOf(`${t}.com`).filter(
      (item) =>
        ['replacement', 'omission', 'transposition', 'insertion', 'homoglyph'].includes(item.fuzzer) && !item.domain.startsWith('xn--'),
    );
    if (slips.length > 0)
      add(
        `${pick(slips).domain.split('.')[0]}-${lureFor(brand)}${chance(0.4) ? `-${lureFor(brand)}` : ''}.${tld}`,
        1,
        'slip-plus-lure',
        split,
      );
  } else {
    const domain = brand.domains.find((item) => item.split('.')[0]!.length >= 4);
    if (!domain) continue;
    const squats = lookalikesOf(domain).filter(
      (item) => item.fuzzer !== 'dictionary' && item.fuzzer !== 'tld-swap' && !owned.has(item.domain),
    );
    if (squats.length > 0) {
      // one family first, then one of its names: the homoglyph family alone outnumbers the rest
      const family = pick([...new Set(squats.map((item) => item.fuzzer))]);
      const squat = pick(squats.filter((item) => item.fuzzer === family));
      add(squat.domain, 1, `typosquat-${squat.fuzzer}`, split);
    }
  }
}

// ---- phishing without a brand: giveaways, airdrops, claims
for (let i = 0; i < 1500; i++) {
  const words: string[] = [pick(GIVEAWAY), pick(CRYPTO)];
  if (chance(0.5)) words.push(pick([...GIVEAWAY, ...LURE_THEMES.wallet]));
  if (chance(0.2)) words.push(String(Math.floor(next() * 100)));
  const shuffled = words.sort(() => next() - 0.5);
  const domain = `${chance(0.6) ? shuffled.join('-') : shuffled.join('')}.${pick(PHISH_TLDS)}`;
  add(domain, 1, 'giveaway', splitOf(domain));
}

const lines = [...rows.values()].map((row) => `${row.domain}\t${row.label}\t${row.family}\t${row.split}`);
writeFileSync(new URL('./dev-corpus.tsv', import.meta.url), `domain\tlabel\tfamily\tsplit\n${lines.join('\n')}\n`);
const count = (label: number, split: string) => [...rows.values()].filter((row) => row.label === label && row.split === split).length;
console.log(
  `dev-corpus.tsv: ${rows.size} domains; train ${count(0, 'train')} benign / ${count(1, 'train')} phishing; eval ${count(0, 'eval')} / ${count(1, 'eval')}`,
);
