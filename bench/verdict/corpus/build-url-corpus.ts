import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  brandCatalogue,
  freeHostingPlatform,
  hostParts,
  isShortener,
  normalizeScanUrl,
  TOP_SITES,
  USER_CONTENT_HOSTS,
} from '@riskscan/scanner';
import { type BenignUrl, debianDocUrls, nodeModulesUrls, readList, SAAS_TENANT_HOSTS, SERVICE_PATHS } from './benign-sources.ts';
import { mirrorUrls, publicSuffixUrls, simpleIconsUrls } from './business-sources.ts';
import { benignSplit, readCorpus } from './corpus-split.ts';
import { siteRepoUrls, universityUrls } from './site-sources.ts';
import { jsOrgTenantUrls, localGovernmentUrls, stateFederalUrls, universitySubdomainUrls } from './traffic-sources.ts';
import { phishingFamily } from './families.ts';
import { chineseBlogUrls, communityServerUrls } from './community-sources.ts';
import { demoTenantUrls, indieSiteUrls, isADevTenantUrls, openDomainsTenantUrls } from './indie-sources.ts';
import { ownNameUrls } from './own-name-sources.ts';
import { jserArticleUrls, signInPageUrls } from './signin-sources.ts';
import { probeUrls } from './probe-sources.ts';

/**
 * Builds the URL corpus the verdict is trained and evaluated on (`url-corpus.tsv`: url, label,
 * family, source, split), from:
 *
 * - phishing: the Phishing.Database slice in `shared/data/phishing-urls-2025h1` (MIT), split by
 *   first-seen date: before April 2025 train, April and May validation, June held out;
 * - benign URLs with real paths harvested on this machine (companies' press and brand pages named
 *   by simple-icons, registries' and hosting firms' pages named by the Public Suffix List, the
 *   universities and providers that mirror Debian and Ubuntu (python-apt's lists), npm
 *   packages' docs under permissive licences, Debian's package docs), the top sites, the brand catalogue's own domains with the
 *   paths services really use, their country domains and help-desk tenants, and the hand-written
 *   lists in this folder, people's own sites (`indie-sources.ts`) and honest sign-in pages and a
 *   weekly's article links (`signin-sources.ts`), community servers, Chinese people's blogs and
 *   developers' free-platform tenants (`community-sources.ts`, `indie-sources.ts`), all less the probe's domains;
 *   split by a hash of the registrable domain (no domain on both sides);
 * - the domain-only pattern corpus (`dev-corpus.tsv`), its train split for training only.
 *
 * Label cleaning (stated rules, applied in this order):
 * 1. feed entries that are no valid http(s) URL, or whose host is an IP literal on a private network, are dropped;
 * 2. feed entries whose registrable domain is a top site or a catalogue brand's own domain are
 *    dropped unless the host is a user-content host (sites.google.com, a storage bucket...);
 * 3. shorteners are dropped from training: the verdict says "unknown until expanded" for them;
 * 4. at most 40 URLs per registrable domain and split (one campaign's thousand paths teach one thing);
 * 5. benign URLs whose host appears in the feed are dropped (the feed's word against ours);
 * 6. benign URLs on localhost, example, test and documentation-reserved names, or with template
 *    placeholders, are dropped; at most 15 per registrable domain, so no host teaches "X is benign".
 *
 * Run: `npm run corpus:verdict` (deterministic for the same machine).
 */
const here = new URL('.', import.meta.url);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const FEED_CANDIDATES = [
  process.env.VERDICT_PHISHING_URLS,
  `${repoRoot}../shared/data/phishing-urls-2025h1/urls.tsv`,
  `${repoRoot}../../shared/data/phishing-urls-2025h1/urls.tsv`,
].filter((path): path is string => Boolean(path));
const feedPath = FEED_CANDIDATES.find((path) => existsSync(path));
if (!feedPath) throw new Error(`phishing feed not found; set VERDICT_PHISHING_URLS (tried ${FEED_CANDIDATES.join(', ')})`);

const PHISH_PER_DOMAIN = 40;
const BENIGN_PER_DOMAIN = 15;
const VALID_FROM = '2025-04-01';
const EVAL_FROM = '2025-06-01';

export type Split = 'train' | 'valid' | 'eval';
type Row = { url: string; label: 0 | 1; family: string; source: string; split: Split };

function normalise(raw: string): URL | null {
  const normalized = normalizeScanUrl(raw);
  return normalized.ok ? normalized.url : null;
}

const catalogue = brandCatalogue();
const owned = new Set<string>([...TOP_SITES, ...catalogue.byDomain.keys()]);
const userContent = (host: string) =>
  freeHostingPlatform(host) !== null || USER_CONTENT_HOSTS.has(host) || USER_CONTENT_HOSTS.has(hostParts(host).domain ?? '');

// ---- phishing
const rows: Row[] = [];
const perDomain = new Map<string, number>();
const feedHosts = new Set<string>();
const dropped = { invalid: 0, owned: 0, shortener: 0, capped: 0, duplicate: 0 };
const seen = new Set<string>();
for (const line of readFileSync(feedPath, 'utf8').split('\n').slice(1)) {
  const [raw, firstSeen] = line.split('\t');
  if (!raw || !firstSeen) continue;
  const url = normalise(raw.trim());
  if (!url || !/^https?:$/.test(url.protocol)) {
    dropped.invalid++;
    continue;
  }
  const parts = hostParts(url.hostname);
  feedHosts.add(parts.host);
  if (parts.domain && owned.has(parts.domain) && !userContent(parts.host)) {
    dropped.owned++;
    continue;
  }
  if (isShortener(parts.host)) {
    dropped.shortener++;
    continue;
  }
  if (seen.has(url.href)) {
    dropped.duplicate++;
    continue;
  }
  seen.add(url.href);
  const split: Split = firstSeen >= EVAL_FROM ? 'eval' : firstSeen >= VALID_FROM ? 'valid' : 'train';
  const key = `${split}:${parts.domain ?? parts.host}`;
  const count = perDomain.get(key) ?? 0;
  if (count >= PHISH_PER_DOMAIN) {
    dropped.capped++;
    continue;
  }
  perDomain.set(key, count + 1);
  rows.push({ url: url.href, label: 1, family: phishingFamily(url), source: `phishing-database:${firstSeen.slice(0, 7)}`, split });
}

// ---- benign
const benign: (BenignUrl & { family: string })[] = [];
const add = (url: string, family: string, source: string, licence: string) => benign.push({ url, family, source, licence });
// Ordinary organisations' own pages first, so the per-domain cap keeps them over docs links.
for (const item of simpleIconsUrls(repoRoot)) add(item.url, 'business-icons', item.source, item.licence);
for (const item of publicSuffixUrls()) add(item.url, 'business-registry', item.source, item.licence);
for (const item of mirrorUrls()) add(item.url, 'business-mirror', item.source, item.licence);
for (const item of [...siteRepoUrls(), ...universityUrls()]) add(item.url, item.family, item.source, item.licence);
for (const item of nodeModulesUrls(repoRoot)) add(item.url, 'docs-npm', item.source, item.licence);
for (const item of debianDocUrls()) add(item.url, 'docs-debian', item.source, item.licence);
const next = (() => {
  let state = 17;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
})();
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const withPaths = (host: string, count: number, family: string, source: string, licence: string) => {
  add(`https://${host}/`, family, source, licence);
  for (let i = 0; i < count; i++) add(`https://${host}${pick(SERVICE_PATHS)}`, family, source, licence);
};
const SUBDOMAINS = ['www', 'www', 'login', 'account', 'accounts', 'help', 'support', 'docs', 'secure', 'my', 'id', 'auth'];
for (const domain of TOP_SITES) withPaths(`${pick(SUBDOMAINS)}.${domain}`, 4, 'popular', 'top-sites', 'MIT (top-sites npm package)');
for (const brand of catalogue.brands)
  for (const domain of brand.domains)
    withPaths(
      `${pick(SUBDOMAINS)}.${domain}`,
      brand.curated ? 4 : 1,
      brand.curated ? 'official-curated' : 'official-icon',
      'brand catalogue',
      brand.curated ? 'this repository' : 'CC0-1.0 (simple-icons data)',
    );
// Country domains of the curated brands: the same name under the endings brands use abroad.
// prettier-ignore
const COUNTRY = ['com.au', 'co.uk', 'de', 'fr', 'es', 'it', 'nl', 'com.br', 'com.mx', 'com.co', 'ca', 'co.jp', 'in', 'ch', 'com.ar', 'se', 'pl', 'co.nz', 'com.sg', 'ie', 'be', 'at', 'cl', 'com.tr', 'co.za'];
for (const brand of catalogue.brands.filter((item) => item.curated)) {
  const label = hostParts(brand.domains[0] ?? '').label;
  if (!label) continue;
  for (let i = 0; i < 2; i++)
    withPaths(`www.${label}.${pick(COUNTRY)}`, 2, 'brand-country-domain', 'brand catalogue (pattern)', 'this repository');
  const tenant = pick(SAAS_TENANT_HOSTS);
  add(`https://${label}.${tenant.host}${pick(tenant.paths)}`, 'saas-tenant', 'help-desk tenant (pattern)', 'this repository');
}
for (const url of readList(new URL('./legit-urls.txt', here))) add(url, 'hard-legit-url', 'legit-urls.txt', 'this repository');
for (const domain of readList(new URL('./hard-legit.txt', here)))
  withPaths(domain, 2, 'hard-legit', 'hard-legit.txt', 'this repository (names of real organisations)');
for (const domain of readList(new URL('./well-known.txt', here))) withPaths(domain, 2, 'well-known', 'well-known.txt', 'this repository');
// Added in issue 35's second pass, last, so the per-domain caps of the earlier sources stay as they were.
for (const item of [...localGovernmentUrls(), ...jsOrgTenantUrls()]) add(item.url, item.family, item.source, item.licence);
// Issue 35's third pass: universities' subdomains to train on, then federal and state bodies' sites
// (subdomains, long hyphenated names) held out whole, apart from any domain another source trains on.
for (const item of [...universitySubdomainUrls(), ...stateFederalUrls()]) add(item.url, item.family, item.source, item.licence);
// Issue 35's fourth pass: people's own sites, less any domain the probe reads (it stays held out).
const probeDomains = new Set(probeUrls().map((item) => (URL.canParse(item.url) ? hostParts(new URL(item.url).hostname).domain : null)));
for (const item of indieSiteUrls())
  if (URL.canParse(item.url) && !probeDomains.has(hostParts(new URL(item.url).hostname).domain))
    add(item.url, item.family, item.source, item.licence);
// Session 10: developers' sites on free platforms (is-a.dev's targets), less the probe's domains.
for (const item of isADevTenantUrls())
  if (URL.canParse(item.url) && !probeDomains.has(hostParts(new URL(item.url).hostname).domain))
    add(item.url, item.family, item.source, item.licence);
// Session 11: organisations' and people's own registrable names at their home pages, less the
// probe's domains (decision 517 fits the own-name table on them).
for (const item of ownNameUrls())
  if (URL.canParse(item.url) && !probeDomains.has(hostParts(new URL(item.url).hostname).domain))
    add(item.url, item.family, item.source, item.licence);
// Session 12: honest sign-in and account pages on unknown hosts, and a weekly's article links,
// less the probe's domains (issue 35: `/login`-like paths learned only from kits before).
for (const item of [...signInPageUrls(), ...jserArticleUrls()])
  if (URL.canParse(item.url) && !probeDomains.has(hostParts(new URL(item.url).hostname).domain))
    add(item.url, item.family, item.source, item.licence);
// Session 15: community servers and Chinese people's blogs on names of their own, and developers'
// tenants on free platforms, less the probe's domains (the refit of issue 35's cheap endings and tenants).
for (const item of [...communityServerUrls(), ...chineseBlogUrls(), ...openDomainsTenantUrls(), ...demoTenantUrls()])
  if (URL.canParse(item.url) && !probeDomains.has(hostParts(new URL(item.url).hostname).domain))
    add(item.url, item.family, item.source, item.licence);
const HELD_OUT_ONLY = /^state-federal/;
const heldOutDomains = new Set<string>();

const RESERVED = /(^|\.)(localhost|example|test|invalid|local|internal|lan)$|(^|\.)example\.(com|net|org)$/;
const benignPerDomain = new Map<string, number>();
const benignDropped = { invalid: 0, reserved: 0, inFeed: 0, capped: 0, trainedElsewhere: 0 };
for (const item of benign) {
  if (/[{}<>$`|\\^]|%s|%d/.test(item.url)) {
    benignDropped.reserved++;
    continue;
  }
  const url = normalise(item.url);
  if (!url || !/^https?:$/.test(url.protocol) || url.username) {
    benignDropped.invalid++;
    continue;
  }
  const parts = hostParts(url.hostname);
  if (!parts.domain || parts.isIp || RESERVED.test(parts.host)) {
    benignDropped.reserved++;
    continue;
  }
  if (feedHosts.has(parts.host)) {
    benignDropped.inFeed++;
    continue;
  }
  if (seen.has(url.href)) continue;
  seen.add(url.href);
  const count = benignPerDomain.get(parts.domain) ?? 0;
  const heldOutOnly = HELD_OUT_ONLY.test(item.family);
  if (heldOutOnly && count > 0 && !heldOutDomains.has(parts.domain) && benignSplit(parts.domain) !== 'eval') {
    benignDropped.trainedElsewhere++;
    continue;
  }
  if (count >= BENIGN_PER_DOMAIN) {
    benignDropped.capped++;
    continue;
  }
  benignPerDomain.set(parts.domain, count + 1);
  if (heldOutOnly) heldOutDomains.add(parts.domain);
  const split = heldOutOnly ? 'eval' : benignSplit(parts.domain);
  rows.push({ url: url.href, label: 0, family: item.family, source: `${item.source} [${item.licence}]`, split });
}

// ---- the domain-only pattern corpus (train split only: its evaluation stays its own)
for (const row of readCorpus())
  if (row.split === 'train')
    rows.push({
      url: `https://${row.domain}/`,
      label: row.label,
      family: `pattern-${row.family}`,
      source: 'dev-corpus.tsv',
      split: 'train',
    });

const escape = (text: string) => text.replace(/[\t\n]/g, ' ');
writeFileSync(
  new URL('./url-corpus.tsv', here),
  `url\tlabel\tfamily\tsource\tsplit\n${rows.map((row) => [row.url, row.label, row.family, row.source, row.split].map((v) => escape(String(v))).join('\t')).join('\n')}\n`,
);
const tally = (label: number, split: Split) => rows.filter((row) => row.label === label && row.split === split).length;
console.log(`feed: ${feedPath}`);
console.log(`phishing dropped: ${JSON.stringify(dropped)}; benign dropped: ${JSON.stringify(benignDropped)}`);
for (const split of ['train', 'valid', 'eval'] as const) console.log(`${split}: ${tally(1, split)} phishing, ${tally(0, split)} benign`);
const families = new Map<string, number>();
for (const row of rows) families.set(`${row.label}:${row.family}`, (families.get(`${row.label}:${row.family}`) ?? 0) + 1);
console.log(
  [...families.entries()]
    .sort()
    .map(([family, count]) => `${family} ${count}`)
    .join('\n'),
);
