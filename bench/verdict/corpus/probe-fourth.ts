import { links } from './probe-fresh.ts';
import { family } from './probe-third.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The fourth fresh probe of issue 35 (session 14): families from public repositories no earlier
 * corpus source or probe family read, none reserved and none a phishing list, measured on the
 * shipped engine before any tuning. Read from snapshots in `VERDICT_SITE_MIRRORS`, never written
 * to the URL corpus; none carries a `CNAME`, so `siteRepoUrls` does not read them either. Each URL
 * is at the address its source records (no pattern paths), at most three per registrable domain
 * and family, and at most `PER_FAMILY` per family (an even spread of the source's order), so one
 * large list does not stand for the whole probe:
 *
 * - `fourth-commune-fr`: French communes' town halls (Zigazou/url-mairies `url-mairies.csv`,
 *   extracted from service-public.fr's local data; no licence file: the addresses are facts);
 * - `fourth-commune-de`: Bavarian and Saxony-Anhalt towns' administrations
 *   (okfde/staedte-gemeinden-verwaltungen `bayern.json`, `sachsen-anhalt.json` `website`, from
 *   freistaat.bayern and Wikidata; no licence file: the addresses are facts);
 * - `fourth-devblog-kr`: Korean developers', companies' and communities' blogs and sites
 *   (awesome-devblog/awesome-devblog `db*.yml` `blog`, `home`, `rss`; no licence file: the
 *   addresses are facts);
 * - `fourth-indie-cn`: Chinese independent developers' products on their own sites
 *   (1c7/chinese-independent-developer `README.md`, `pages/*.md`; no licence file: facts);
 * - `fourth-daily-cn`: the links of Gopher Daily, a Chinese daily digest of Go news
 *   (bigwhite/gopherdaily, its newest issues first; no licence file: the links are facts);
 * - `fourth-company`: remote-friendly companies of many countries, site and careers page
 *   (remoteintech/remote-jobs `src/companies/*.md` `website`, `careers_url`, ISC);
 * - `fourth-careers`: companies' careers pages of many countries (poteto/hiring-without-whiteboards
 *   `README.md`, MIT);
 * - `fourth-free-host`: any URL of the families above on a free platform's tenant.
 */

const PER_FAMILY = 2_000;
const FREE_HOST = 'fourth-free-host';
// Links of the lists' own repositories and of the social platforms entries name beside their sites.
const NOT_A_SITE = /^https?:\/\/([^/]+\.)?(github\.com|facebook\.com|youtube\.com|linkedin\.com|x\.com|twitter\.com|slideshare\.net)\//i;

/**
 * An even spread of at most `PER_FAMILY` URLs of a family, its free-host tenants kept apart in
 * `freeHost` (the seventh probe keeps its own).
 */
export function kept(
  urls: string[],
  name: string,
  source: string,
  licence: string,
  seen: Map<string, number>,
  freeHost = FREE_HOST,
): SiteUrl[] {
  const all = family(
    urls.filter((url) => !NOT_A_SITE.test(url)),
    name,
    source,
    licence,
    seen,
    freeHost,
  );
  const own = all.filter((url) => url.family === name);
  const spread =
    own.length <= PER_FAMILY ? own : Array.from({ length: PER_FAMILY }, (_, i) => own[Math.floor((i * own.length) / PER_FAMILY)]!);
  return [...spread, ...all.filter((url) => url.family === freeHost)];
}

/** French town halls' sites. */
export function frenchCommuneUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'Zigazou+url-mairies');
  if (!repo) return [];
  const urls = git(repo.dir, ['show', 'HEAD:url-mairies.csv'])
    .split('\n')
    .map((line) => line.split(';')[2]?.trim() ?? '')
    .filter((url) => /^https?:\/\//i.test(url));
  return kept(
    urls,
    'fourth-commune-fr',
    repo.source,
    'no licence file (Zigazou/url-mairies, from service-public.fr): addresses used as facts',
    seen,
  );
}

/** German towns' administrations. */
export function germanCommuneUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'okfde+staedte-gemeinden-verwaltungen');
  if (!repo) return [];
  const urls: string[] = [];
  for (const file of ['bayern.json', 'sachsen-anhalt.json'])
    for (const match of git(repo.dir, ['show', `HEAD:${file}`]).matchAll(/"website":\s*"(https?:\/\/[^"]+)"/g)) urls.push(match[1]!.trim());
  return kept(
    urls,
    'fourth-commune-de',
    repo.source,
    'no licence file (okfde/staedte-gemeinden-verwaltungen): addresses used as facts',
    seen,
  );
}

/** Korean developers', companies' and communities' blogs and sites. */
export function koreanDevBlogUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'awesome-devblog+awesome-devblog');
  if (!repo) return [];
  const files = git(repo.dir, ['ls-tree', '--name-only', 'HEAD'])
    .split('\n')
    .filter((file) => /^db.*\.yml$/.test(file));
  const urls: string[] = [];
  for (const file of files)
    for (const match of git(repo.dir, ['show', `HEAD:${file}`]).matchAll(/^\s+(?:blog|home|rss):\s*(https?:\/\/\S+)/gm))
      urls.push(match[1]!);
  return kept(urls, 'fourth-devblog-kr', repo.source, 'no licence file (awesome-devblog/awesome-devblog): addresses used as facts', seen);
}

/** Chinese independent developers' products. */
export function chineseIndieUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, '1c7+chinese-independent-developer');
  if (!repo) return [];
  const text = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((file) => /^(README|pages\/.+)\.md$/.test(file))
    .map((file) => git(repo.dir, ['show', `HEAD:${file}`]))
    .join('\n');
  const urls = [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((match) => match[1]!);
  return kept(urls, 'fourth-indie-cn', repo.source, 'no licence file (1c7/chinese-independent-developer): addresses used as facts', seen);
}

// Older Gopher Daily issues run Chinese text on from a link without a space.
const UNSPACED_TEXT = /[^\x21-\x7e].*$/;

/** Gopher Daily's links, newest issues first. */
export function goDailyUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'bigwhite+gopherdaily');
  if (!repo) return [];
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((file) => /^\d{6}\/issue-\d{8}\.txt$/.test(file))
    .sort()
    .reverse();
  const urls: string[] = [];
  for (const file of files) {
    const text = git(repo.dir, ['show', `HEAD:${file}`]);
    // Newer issues are JSON, whose summaries quote the article's own links: only the item's address counts.
    const items = [...text.matchAll(/"url":\s*"(https?:\/\/[^"]+)"/g)].map((match) => match[1]!);
    urls.push(...(items.length ? items : links(text).map((url) => url.replace(UNSPACED_TEXT, ''))));
  }
  return kept(urls, 'fourth-daily-cn', repo.source, 'no licence file (bigwhite/gopherdaily): links used as facts', seen);
}

/** Remote-friendly companies' sites and careers pages. */
export function remoteCompanyUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'remoteintech+remote-jobs');
  if (!repo) return [];
  const urls: string[] = [];
  for (const file of git(repo.dir, ['ls-tree', '--name-only', 'HEAD', 'src/companies/']).split('\n')) {
    if (!file.endsWith('.md')) continue;
    for (const match of git(repo.dir, ['show', `HEAD:${file}`]).matchAll(/^(?:website|careers_url):\s*['"]?(https?:\/\/[^'"\s]+)/gm))
      urls.push(match[1]!);
  }
  return kept(urls, 'fourth-company', repo.source, 'ISC (remoteintech/remote-jobs)', seen);
}

/** Companies' careers pages. */
export function careersPageUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'poteto+hiring-without-whiteboards');
  if (!repo) return [];
  const urls = [...git(repo.dir, ['show', 'HEAD:README.md']).matchAll(/^- \[[^\]]+\]\((https?:\/\/[^)\s]+)\)/gm)].map((match) => match[1]!);
  return kept(urls, 'fourth-careers', repo.source, 'MIT (poteto/hiring-without-whiteboards)', seen);
}

/** Every family of this file. */
export function fourthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...frenchCommuneUrls(root, seen),
    ...germanCommuneUrls(root, seen),
    ...koreanDevBlogUrls(root, seen),
    ...chineseIndieUrls(root, seen),
    ...goDailyUrls(root, seen),
    ...remoteCompanyUrls(root, seen),
    ...careersPageUrls(root, seen),
  ];
}
