import { csvCells, links } from './probe-fresh.ts';
import { kept } from './probe-fourth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The ninth fresh probe of issue 35 (session 19): what hidden set B holds and the earlier probes
 * hold least (small organisations' own sites with real paths in Japan, Africa, Spain, Brazil and
 * Italy; the links of non-English tech news), from public repositories no earlier corpus source or
 * probe family read, none reserved and none a phishing list, measured on the shipped engine before
 * any tuning. Read from snapshots in `VERDICT_SITE_MIRRORS`, never written to the URL corpus; none
 * carries a `CNAME`, so `siteRepoUrls` does not read them either. At most three URLs per
 * registrable domain and family and 2,000 per family (an even spread of the source's order):
 *
 * - `ninth-municipality-jp`: Japan's prefectures, cities, wards, towns and villages at their
 *   official site, wards at their own path (code4fukui/localgovjp `localgovjp-utf8.csv`,
 *   `prefjp-utf8.csv` `url`, CC0-1.0);
 * - `ninth-tech-hub-africa`: tech hubs, incubators and innovation centres of African countries,
 *   their site and the page a source names (kantologist/African-tech-hubs
 *   `african_tech_hubs_public_v1_geocoded.csv` `website`, `source`, CC BY 4.0);
 * - `ninth-company-es`: companies hiring under Spanish contracts, their careers pages
 *   (remote-es/remotes `README.md`; no licence file: the addresses are facts);
 * - `ninth-company-br`: Brazilian companies hiring remotely, their site or careers page
 *   (lerrua/remote-jobs-brazil `README.md`; no licence file: the addresses are facts);
 * - `ninth-event-it`: Italian tech conferences, meetups and user groups at their event pages
 *   (ildoc/awesome-italy-events `archive/*.md`, `data/*.json`, `*.md`, CC BY-SA 4.0);
 * - `ninth-news-ko`: the links of NAVER's monthly Korean front-end news (naver/fe-news
 *   `issues/*.md`, newest first; no licence file: the links are used as facts);
 * - `ninth-news-es`: the links of a Spanish-language JavaScript news podcast's episodes
 *   (ivandevp/bxjs-weekly `episodios/*.md`, newest first, MIT);
 * - `ninth-free-host`: any URL of the families above on a free platform's tenant.
 */

const FREE_HOST = 'ninth-free-host';

/** The text of every file of a snapshot whose path matches, newest-named first. */
function files(dir: string, path: RegExp): string {
  const names = git(dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((name) => path.test(name))
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  return names.length ? git(dir, ['show', ...names.map((name) => `HEAD:${name}`)]) : '';
}

/** The cells of a CSV file's named columns, row by row. */
export function columns(text: string, names: RegExp): string[] {
  const [header, ...lines] = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const wanted = csvCells(header ?? '')
    .map((cell, index) => (names.test(cell.trim()) ? index : -1))
    .filter((index) => index >= 0);
  return lines.flatMap((line) => {
    const cells = csvCells(line);
    return wanted.map((index) => cells[index]?.trim() ?? '');
  });
}

export const isAddress = (url: string) => /^https?:\/\//i.test(url);

/** Japan's local governments at their official sites. */
export function japanMunicipalityUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'code4fukui+localgovjp');
  if (!repo) return [];
  const urls = ['prefjp-utf8.csv', 'localgovjp-utf8.csv']
    .flatMap((file) => columns(git(repo.dir, ['show', `HEAD:${file}`]), /^url$/))
    .filter(isAddress);
  return kept(urls, 'ninth-municipality-jp', repo.source, 'CC0-1.0 (code4fukui/localgovjp)', seen, FREE_HOST);
}

/** African tech hubs' sites and the pages their entries cite. */
export function africanTechHubUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'kantologist+African-tech-hubs');
  if (!repo) return [];
  const urls = columns(git(repo.dir, ['show', 'HEAD:african_tech_hubs_public_v1_geocoded.csv']), /^(website|source)$/).filter(isAddress);
  return kept(urls, 'ninth-tech-hub-africa', repo.source, 'CC BY 4.0 (kantologist/African-tech-hubs)', seen, FREE_HOST);
}

/** A Markdown list's links, less its own repository's. */
function listed(root: string, name: string, path: RegExp, family: string, licence: string, seen: Map<string, number>): SiteUrl[] {
  const repo = snapshot(root, name);
  if (!repo) return [];
  const own = new RegExp(`github\\.com/${name.replace('+', '/')}|contrib\\.rocks|hits\\.sh|avatars\\.githubusercontent`, 'i');
  const urls = links(files(repo.dir, path)).filter((url) => !own.test(url));
  return kept(urls, family, repo.source, licence, seen, FREE_HOST);
}

/** Every family of this file. */
export function ninthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  const facts = (repo: string, what = 'addresses') => `no licence file (${repo}): the ${what} are used as facts`;
  return [
    ...japanMunicipalityUrls(root, seen),
    ...africanTechHubUrls(root, seen),
    ...listed(root, 'remote-es+remotes', /^README\.md$/, 'ninth-company-es', facts('remote-es/remotes'), seen),
    ...listed(root, 'lerrua+remote-jobs-brazil', /^README\.md$/, 'ninth-company-br', facts('lerrua/remote-jobs-brazil'), seen),
    ...listed(
      root,
      'ildoc+awesome-italy-events',
      /^(archive\/\d+\.md|data\/\d+\.json|\d+\.md)$/,
      'ninth-event-it',
      'CC BY-SA 4.0 (ildoc/awesome-italy-events)',
      seen,
    ),
    ...listed(root, 'naver+fe-news', /^issues\/[^/]+\.md$/, 'ninth-news-ko', facts('naver/fe-news', 'links'), seen),
    ...listed(root, 'ivandevp+bxjs-weekly', /^episodios\/[^/]+\.md$/, 'ninth-news-es', 'MIT (ivandevp/bxjs-weekly)', seen),
  ];
}
