import { csvCells, links } from './probe-fresh.ts';
import { kept } from './probe-fourth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The eighth fresh probe of issue 35 (session 18): what hidden set B holds (links tech weeklies
 * share, people's own blogs, small organisations' and communities' own sites in many countries),
 * from public repositories no earlier corpus source or probe family read, none reserved and none a
 * phishing list, measured on the shipped engine before any tuning. Read from snapshots in
 * `VERDICT_SITE_MIRRORS`, never written to the URL corpus; none carries a `CNAME`, so
 * `siteRepoUrls` does not read them either. At most three URLs per registrable domain and family
 * and 2,000 per family (an even spread of the source's order, newest issue first):
 *
 * - `eighth-weekly-python-zh`: the links of a Chinese Python weekly (chinesehuazhou/python-weekly
 *   `docs/*.md`); no licence file, the links are used as facts;
 * - `eighth-weekly-haskell`: the links of Haskell Weekly (haskellweekly/haskellweekly
 *   `data/newsletter/<year>/issue-<n>.markdown`, MIT): mailing-list archives, people's blogs,
 *   papers of universities;
 * - `eighth-weekly-react`: the links of This Week In React (slorber/this-week-in-react
 *   `website/newsletter/*.mdx`); no licence file, the links are used as facts;
 * - `eighth-blog-feed`: people's own blogs of many countries at their feed's address
 *   (kagisearch/smallweb `smallweb.txt`, MIT);
 * - `eighth-osm-community`: local OpenStreetMap communities' own sites, forums, wikis and
 *   mailing lists of many countries (osmlab/osm-community-index `resources/**.json` `url`, ISC);
 * - `eighth-makerspace-uk`: UK makerspaces' own sites (nesta-uk/UK-makerspaces
 *   `ukmakerspacesidentifiabledata.csv` `Website / URL`, CC BY-SA 4.0);
 * - `eighth-free-host`: any URL of the families above on a free platform's tenant.
 */

const FREE_HOST = 'eighth-free-host';

/** The text of every file of a snapshot whose path matches, newest-named first. */
function files(dir: string, path: RegExp): string {
  const names = git(dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((name) => path.test(name))
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  return names.length ? git(dir, ['show', ...names.map((name) => `HEAD:${name}`)]) : '';
}

/** A weekly's links, less those of its own site. */
function weekly(
  root: string,
  repo: string,
  path: RegExp,
  own: RegExp,
  name: string,
  licence: string,
  seen: Map<string, number>,
): SiteUrl[] {
  const found = snapshot(root, repo);
  if (!found) return [];
  const urls = links(files(found.dir, path)).filter((url) => !own.test(url));
  return kept(urls, name, found.source, licence, seen, FREE_HOST);
}

/** The Chinese Python weekly's links. */
export function pythonWeeklyZhUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  return weekly(
    root,
    'chinesehuazhou+python-weekly',
    /^docs\/[^/]+\.md$/,
    /pythoncat|python-weekly/,
    'eighth-weekly-python-zh',
    'no licence file (chinesehuazhou/python-weekly): links used as facts',
    seen,
  );
}

/** Haskell Weekly's links. */
export function haskellWeeklyUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  return weekly(
    root,
    'haskellweekly+haskellweekly',
    /^data\/newsletter\/\d+\/issue-\d+\.markdown$/,
    /haskellweekly/,
    'eighth-weekly-haskell',
    'MIT (haskellweekly/haskellweekly)',
    seen,
  );
}

/** This Week In React's links (the English issues; the French ones repeat them). */
export function reactWeeklyUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  return weekly(
    root,
    'slorber+this-week-in-react',
    /^website\/newsletter\/[^/]+\.mdx?$/,
    /thisweekinreact|this-week-in-react/,
    'eighth-weekly-react',
    'no licence file (slorber/this-week-in-react): links used as facts',
    seen,
  );
}

/** People's own blogs, at their feed's address. */
export function blogFeedUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'kagisearch+smallweb');
  if (!repo) return [];
  const urls = git(repo.dir, ['show', 'HEAD:smallweb.txt'])
    .split('\n')
    .map((line) => line.trim())
    .filter((url) => /^https?:\/\//i.test(url));
  return kept(urls, 'eighth-blog-feed', repo.source, 'MIT (kagisearch/smallweb)', seen, FREE_HOST);
}

/** Local OpenStreetMap communities' own addresses (those a resource states outright). */
export function osmCommunityUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'osmlab+osm-community-index');
  if (!repo) return [];
  const text = files(repo.dir, /^resources\/.+\.json$/);
  const urls = [...text.matchAll(/"url"\s*:\s*"(https?:\/\/[^"{}]+)"/g)].map((match) => match[1]!);
  return kept(urls, 'eighth-osm-community', repo.source, 'ISC (osmlab/osm-community-index)', seen, FREE_HOST);
}

/** UK makerspaces' own sites. */
export function ukMakerspaceUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'nesta-uk+UK-makerspaces');
  if (!repo) return [];
  const [header, ...lines] = git(repo.dir, ['show', 'HEAD:ukmakerspacesidentifiabledata.csv']).split(/\r?\n/);
  const website = csvCells(header ?? '').findIndex((cell) => /website/i.test(cell));
  const urls = lines
    .map((line) => csvCells(line)[website]?.trim() ?? '')
    .map((url) => (/^www\./i.test(url) ? `http://${url}` : url))
    .filter((url) => /^https?:\/\//i.test(url));
  return kept(urls, 'eighth-makerspace-uk', repo.source, 'CC BY-SA 4.0 (nesta-uk/UK-makerspaces)', seen, FREE_HOST);
}

/** Every family of this file. */
export function eighthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...pythonWeeklyZhUrls(root, seen),
    ...haskellWeeklyUrls(root, seen),
    ...reactWeeklyUrls(root, seen),
    ...blogFeedUrls(root, seen),
    ...osmCommunityUrls(root, seen),
    ...ukMakerspaceUrls(root, seen),
  ];
}
