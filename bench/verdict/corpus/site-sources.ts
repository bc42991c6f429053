import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BenignUrl } from './benign-sources.ts';

/**
 * Ordinary sites with their real paths, read from snapshots of public GitHub repositories (issue
 * 35): organisations' and people's own sites (a repository whose `CNAME` names its domain, its
 * file tree naming its pages), project and personal pages on github.io (the repository
 * `<name>.github.io` is served there), and the world's universities (Hipo's
 * university-domains-list, MIT). The snapshots sit in `VERDICT_SITE_MIRRORS` (a folder of
 * `<owner>+<name>/repo` git directories, as the search tool's `fetch` leaves them); nothing is
 * downloaded here, and each URL records the repository and commit it came from. Addresses are
 * facts: the repositories' licences do not cover them, and no page content is read.
 */
export const MIRRORS = process.env.VERDICT_SITE_MIRRORS ?? '/work/.mirror';
const CNAME_PLACES = ['CNAME', 'public/CNAME', 'docs/CNAME', 'static/CNAME', 'source/CNAME'];
const PAGES_PER_SITE = 24;
// Build folders sites keep their pages under, dropped from the path the page is served at.
const SERVED_FROM = /^(docs|public|site|static|source|content|_site|dist|build|out|www|src\/pages|src\/content|pages)\//;
const NOT_A_PAGE = /(^|\/)(\.[^/]+|node_modules|vendor|assets|_layouts|_includes|_data|_sass|\.github|test|tests|scripts|themes?)\//;

export function git(dir: string, args: string[]): string {
  try {
    return execFileSync('git', ['--git-dir', dir, ...args], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return '';
  }
}

export function gitDir(repo: string): string | null {
  for (const dir of [join(repo, 'repo', '.git'), join(repo, 'repo')]) if (existsSync(join(dir, 'HEAD'))) return dir;
  return null;
}

/** A repository snapshot in the mirrors, with its source written as `github:owner/name@commit`. */
export function snapshot(root: string, repo: string): { dir: string; source: string } | null {
  const dir = gitDir(join(root, repo));
  if (!dir) return null;
  const commit = git(dir, ['rev-parse', 'HEAD']).trim().slice(0, 12);
  return { dir, source: `github:${repo.replace('+', '/')}@${commit}` };
}

/** The path a page file is served at: `a/index.html` → `/a/`, `_posts/2020-01-02-x.md` → `/2020/01/02/x.html`. */
export function servedPath(file: string): string | null {
  const path = file.replace(SERVED_FROM, '');
  if (NOT_A_PAGE.test(path) || /(^|\/)(readme|license|changelog|contributing|code_of_conduct)\.md$/i.test(path)) return null;
  const post = /^_posts\/(\d{4})-(\d{2})-(\d{2})-(.+)\.(md|markdown|html)$/.exec(path);
  if (post) return `/${post[1]}/${post[2]}/${post[3]}/${post[4]}.html`;
  if (path.startsWith('_')) return null;
  if (/(^|\/)index\.html?$/.test(path)) return `/${path.replace(/index\.html?$/, '')}`;
  if (/\.html?$/.test(path)) return `/${path}`;
  if (/\.(md|markdown)$/.test(path)) return `/${path.replace(/\.(md|markdown)$/, '/')}`;
  return null;
}

/** An even spread of `count` items of a sorted list, so a site's pages are not all one folder's. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

export type SiteUrl = BenignUrl & { family: string };

/** Pages of sites whose repositories are in the mirror folder: own domains (CNAME) and github.io tenants. */
export function siteRepoUrls(root = MIRRORS): SiteUrl[] {
  if (!existsSync(root)) return [];
  const found: SiteUrl[] = [];
  for (const name of readdirSync(root).sort()) {
    const dir = gitDir(join(root, name));
    if (!dir) continue;
    const [owner, repo] = name.split('+') as [string, string];
    let host: string | null = null;
    for (const place of CNAME_PLACES) {
      const cname = git(dir, ['show', `HEAD:${place}`])
        .split('\n')[0]
        ?.trim()
        .toLowerCase();
      if (cname && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(cname.replace(/^https?:\/\//, '').replace(/\/.*$/, ''))) {
        host = cname.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
        break;
      }
    }
    const family = host ? 'site-own-domain' : 'free-host-tenant';
    if (!host && /^[a-z0-9-]+\.github\.io$/i.test(repo)) host = repo.toLowerCase();
    if (!host) continue;
    const commit = git(dir, ['rev-parse', 'HEAD']).trim();
    const paths = [
      ...new Set(
        git(dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
          .split('\n')
          .map(servedPath)
          .filter((path): path is string => path !== null && !/[\s{}<>%]/.test(path)),
      ),
    ].sort();
    const source = `github:${owner}/${repo}@${commit.slice(0, 12)}`;
    const licence = 'addresses are facts (site repository; no content read)';
    found.push({ url: `https://${host}/`, family, source, licence });
    for (const path of spread(paths, PAGES_PER_SITE)) found.push({ url: `https://${host}${path}`, family, source, licence });
  }
  return found;
}

// Pages every university site has, in the languages of the list's countries, and the sign-in
// pages of the software universities run (Moodle, CAS, Shibboleth, ADFS, Outlook on the web,
// WordPress, Nextcloud...): real paths on real domains, paired by pattern, so reported apart.
// prettier-ignore
const UNIVERSITY_PAGES = [
  '/en/', '/about/', '/contact', '/admissions/', '/news/', '/research/', '/library/', '/de/studium/', '/fr/formations/',
  '/es/noticias/', '/it/ateneo/', '/pt/cursos/', '/en/students/', '/index.php/en/', '/faculties/', '/events/', '/jobs/',
  '/international/', '/calendar/', '/alumni/', '/pl/rekrutacja/', '/tr/duyurular/', '/id/berita/', '/vi/tin-tuc/',
];
// prettier-ignore
export const UNIVERSITY_SIGN_IN = [
  '/login', '/user/login', '/moodle/login/index.php', '/login/index.php', '/cas/login', '/idp/profile/SAML2/Redirect/SSO',
  '/wp-login.php', '/owa/auth/logon.aspx', '/webmail/', '/portal/login.aspx', '/account/login', '/signin',
  '/index.php/login', '/my/', '/intranet/', '/adfs/ls/', '/sso/login', '/en/login', '/de/anmelden', '/fr/connexion',
  '/es/acceso', '/students/login.php', '/secure/login.html', '/banking/login.html',
];

export function pick<T>(list: readonly T[], text: string, salt: number): T {
  let hash = salt;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return list[(hash >>> 0) % list.length]!;
}

/** The world's universities (Hipo's university-domains-list): each site's home page, one ordinary page and one sign-in page. */
export function universityUrls(root = MIRRORS): SiteUrl[] {
  const dir = gitDir(join(root, 'Hipo+university-domains-list'));
  if (!dir) return [];
  const commit = git(dir, ['rev-parse', 'HEAD']).trim().slice(0, 12);
  const list = JSON.parse(git(dir, ['show', 'HEAD:world_universities_and_domains.json'])) as { web_pages?: string[]; country?: string }[];
  const source = `github:Hipo/university-domains-list@${commit}`;
  const licence = 'MIT (university-domains-list)';
  const found: SiteUrl[] = [];
  for (const entry of list) {
    const page = entry.web_pages?.[0];
    if (!page || !URL.canParse(page)) continue;
    const url = new URL(page);
    found.push({ url: url.href, family: 'university', source, licence });
    const base = `${url.protocol}//${url.host}`;
    found.push({ url: base + pick(UNIVERSITY_PAGES, url.host, 7), family: 'university-page-pattern', source, licence });
    found.push({ url: base + pick(UNIVERSITY_SIGN_IN, url.host, 11), family: 'university-login-pattern', source, licence });
  }
  return found;
}

export type TfaEntry = { domain?: string; documentation?: string; recovery?: string; regions?: string[] };

/** Every service entry of a 2factorauth/twofactorauth snapshot. */
export function tfaEntries(dir: string): TfaEntry[] {
  const files = git(dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'entries'])
    .split('\n')
    .filter((f) => f.endsWith('.json'));
  // One `git show` of every entry at once: the blobs come back in order, each a JSON object.
  const text = git(dir, ['show', ...files.map((file) => `HEAD:${file}`)]);
  const entries: TfaEntry[] = [];
  for (const match of text.matchAll(/^\{[\s\S]*?^\}/gm)) {
    try {
      entries.push(...Object.values(JSON.parse(match[0]) as Record<string, TfaEntry>));
    } catch {
      continue;
    }
  }
  return entries;
}
