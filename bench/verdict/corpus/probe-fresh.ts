import { hostParts } from '@riskscan/scanner';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * Fresh probe families of session 12 (issue 35), from public repositories no earlier corpus or
 * probe family read, measured on the shipped engine before any tuning. Read from repository
 * snapshots in `VERDICT_SITE_MIRRORS`; never written to the URL corpus, so nothing trains,
 * calibrates or tunes on them. Each URL is at the address its source records (real paths, no
 * pattern except the fediverse sign-in path), at most three per registrable domain and family:
 *
 * - `fresh-weekly-article`: the links of every issue of This Week in Rust
 *   (rust-lang/this-week-in-rust `content/`; code MIT, the links are used as facts): articles,
 *   release notes, talks, forum threads and job posts as a tech weekly carries them;
 * - `fresh-reading-list`: the links of English reading lists (donnemartin/system-design-primer
 *   CC BY 4.0, jwasham/coding-interview-university CC BY-SA 4.0,
 *   trimstray/the-book-of-secret-knowledge MIT, enocom/gopher-reading-list Apache-2.0);
 * - `fresh-reading-list-intl`: the links of reading lists in other languages (the Japanese and
 *   Chinese translations of system-design-primer and coding-interview-university's translations,
 *   justjavac/free-programming-books-zh_CN GPL-3.0, taishi-i/awesome-japanese-nlp-slides CC0-1.0);
 * - `fresh-brewery-us` / `fresh-brewery-world`: breweries' own sites, in the United States and in
 *   22 other countries (openbrewerydb/openbrewerydb `data/`, MIT);
 * - `fresh-conference`: tech conferences' own sites of many countries, with their code-of-conduct
 *   and call-for-papers addresses (tech-conferences/conference-data, MIT);
 * - `fresh-lemmy-login` / `fresh-lemmy-home`: Lemmy instances' sign-in page, `/login`, the path
 *   Lemmy's web client serves it at, and their home page (maltfield/awesome-lemmy-instances,
 *   GPL-3.0).
 */

const PER_DOMAIN = 3;
// Links of the lists' own furniture (badges, their repository, sharing buttons), not the traffic.
const FURNITURE = /(^|\.)(shields\.io|badgen\.net|travis-ci\.org|creativecommons\.org|img\.shields\.io)$/;

/** The URLs of a Markdown text (inline links and bare addresses), trailing punctuation dropped. */
export function links(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s)<>"'`\]]+/g)].map((match) => match[0].replace(/[.,;:!?*]+$/, ''));
}

/** Keeps a source's URLs of one family, at most `PER_DOMAIN` per registrable domain. */
export function capped(urls: Iterable<string>, family: string, source: string, licence: string, seen: Map<string, number>): SiteUrl[] {
  const found: SiteUrl[] = [];
  for (const url of new Set(urls)) {
    if (!URL.canParse(url)) continue;
    const host = new URL(url).hostname.toLowerCase();
    if (FURNITURE.test(host)) continue;
    const domain = `${family} ${hostParts(host).domain ?? host}`;
    const count = seen.get(domain) ?? 0;
    if (count >= PER_DOMAIN) continue;
    seen.set(domain, count + 1);
    found.push({ url, family, source, licence });
  }
  return found;
}

/** The Markdown files of a snapshot whose path matches. */
export function markdownOf(dir: string, path: RegExp): string {
  return git(dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((file) => path.test(file))
    .map((file) => git(dir, ['show', `HEAD:${file}`]))
    .join('\n');
}

/** This Week in Rust's links, newest issues first (so the cap keeps recent addresses). */
export function weeklyArticleUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'rust-lang+this-week-in-rust');
  if (!repo) return [];
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'content'])
    .split('\n')
    .filter((file) => /^content\/\d{4}-\d{2}-\d{2}-.*\.(md|markdown)$/.test(file))
    .sort()
    .reverse();
  const text = files.map((file) => git(repo.dir, ['show', `HEAD:${file}`])).join('\n');
  return capped(links(text), 'fresh-weekly-article', repo.source, 'MIT (this-week-in-rust code); links used as facts', seen);
}

// Reading lists: [snapshot, files, family, licence].
const READING_LISTS: [string, RegExp, string, string][] = [
  ['donnemartin+system-design-primer', /^README\.md$/, 'fresh-reading-list', 'CC BY 4.0 (donnemartin/system-design-primer)'],
  ['jwasham+coding-interview-university', /^README\.md$/, 'fresh-reading-list', 'CC BY-SA 4.0 (jwasham/coding-interview-university)'],
  ['trimstray+the-book-of-secret-knowledge', /^README\.md$/, 'fresh-reading-list', 'MIT (trimstray/the-book-of-secret-knowledge)'],
  ['enocom+gopher-reading-list', /^README\.md$/, 'fresh-reading-list', 'Apache-2.0 (enocom/gopher-reading-list)'],
  [
    'donnemartin+system-design-primer',
    /^README-(ja|zh-Hans|zh-TW)\.md$/,
    'fresh-reading-list-intl',
    'CC BY 4.0 (donnemartin/system-design-primer)',
  ],
  [
    'jwasham+coding-interview-university',
    /^translations\/.+\.md$/,
    'fresh-reading-list-intl',
    'CC BY-SA 4.0 (jwasham/coding-interview-university)',
  ],
  ['justjavac+free-programming-books-zh_CN', /\.md$/, 'fresh-reading-list-intl', 'GPL-3.0 (justjavac/free-programming-books-zh_CN)'],
  ['taishi-i+awesome-japanese-nlp-slides', /^README\.md$/, 'fresh-reading-list-intl', 'CC0-1.0 (taishi-i/awesome-japanese-nlp-slides)'],
];

/** The links of English and other languages' reading lists. */
export function readingListUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const found: SiteUrl[] = [];
  for (const [name, files, family, licence] of READING_LISTS) {
    const repo = snapshot(root, name);
    if (!repo) continue;
    const own = new RegExp(`github\\.com/${name.replace('+', '/')}`, 'i');
    const urls = links(markdownOf(repo.dir, files)).filter((url) => !own.test(url));
    found.push(...capped(urls, family, repo.source, licence, seen));
  }
  return found;
}

/** The cells of one CSV line (quoted fields, doubled quotes). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/(?:^|,)("((?:[^"]|"")*)"|[^,]*)/g))
    cells.push(match[2] !== undefined ? match[2].replace(/""/g, '"') : match[1]!);
  return cells;
}

/** Breweries' own sites, the United States apart from the other countries. */
export function breweryUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'openbrewerydb+openbrewerydb');
  if (!repo) return [];
  const licence = 'MIT (openbrewerydb/openbrewerydb)';
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'data'])
    .split('\n')
    .filter((file) => file.endsWith('.csv'));
  const found: SiteUrl[] = [];
  for (const file of files) {
    const [header, ...lines] = git(repo.dir, ['show', `HEAD:${file}`]).split('\n');
    const website = csvCells(header ?? '').indexOf('website_url');
    if (website < 0) continue;
    const family = file.startsWith('data/united-states/') ? 'fresh-brewery-us' : 'fresh-brewery-world';
    const urls = lines.map((line) => csvCells(line)[website]?.trim() ?? '').filter((url) => /^https?:\/\//i.test(url));
    found.push(...capped(urls, family, repo.source, licence, seen));
  }
  return found;
}

type Conference = { url?: string; cocUrl?: string; cfpUrl?: string };

/** Tech conferences' sites, code-of-conduct and call-for-papers addresses. */
export function conferenceUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'tech-conferences+conference-data');
  if (!repo) return [];
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'conferences'])
    .split('\n')
    .filter((file) => file.endsWith('.json'));
  const urls: string[] = [];
  for (const file of files) {
    let list: Conference[];
    try {
      list = JSON.parse(git(repo.dir, ['show', `HEAD:${file}`])) as Conference[];
    } catch {
      continue;
    }
    for (const item of list) for (const url of [item.url, item.cocUrl, item.cfpUrl]) if (url) urls.push(url.trim());
  }
  return capped(urls, 'fresh-conference', repo.source, 'MIT (tech-conferences/conference-data)', seen);
}

/** Lemmy instances' home and sign-in pages. */
export function lemmyUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'maltfield+awesome-lemmy-instances');
  if (!repo) return [];
  const origins = [...git(repo.dir, ['show', 'HEAD:awesome-lemmy-instances.csv']).matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)]
    .filter((match) => URL.canParse(match[1]!))
    .map((match) => new URL(match[1]!).origin);
  const licence = 'GPL-3.0 (maltfield/awesome-lemmy-instances)';
  return [
    ...capped(
      origins.map((origin) => `${origin}/`),
      'fresh-lemmy-home',
      repo.source,
      licence,
      seen,
    ),
    ...capped(
      origins.map((origin) => `${origin}/login`),
      'fresh-lemmy-login',
      repo.source,
      licence,
      seen,
    ),
  ];
}

/** Every family of this file. */
export function freshProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...weeklyArticleUrls(root, seen),
    ...readingListUrls(root, seen),
    ...breweryUrls(root, seen),
    ...conferenceUrls(root, seen),
    ...lemmyUrls(root, seen),
  ];
}
