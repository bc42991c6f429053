import { family } from './probe-third.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The fifth fresh probe of issue 35 (session 15): families from public repositories no earlier
 * corpus source or probe family read (nor refit35's training sources), none reserved and none a
 * phishing list, measured on the shipped engine before any tuning. Read from snapshots in
 * `VERDICT_SITE_MIRRORS`, never written to the URL corpus; none carries a `CNAME`, so
 * `siteRepoUrls` does not read them either. At most three URLs per registrable domain and family:
 *
 * - `fifth-site-pl`: Polish sites of every kind (shops, schools, clinics, clubs, communes' public
 *   bulletins, blogs) whose `robots.txt` a student project collected from search results
 *   (KqSMea8/ISI-PROJECT2 `RobotsFiles/`, one file per host; no licence file: the host names are
 *   used as facts), at their front page;
 * - `fifth-techblog-jp`: Japanese companies' engineering blogs, at their feed's address
 *   (yamadashy/tech-blog-rss-feed `src/resources/feed-info-list.ts`, MIT), commented-out entries
 *   (dead feeds) left out;
 * - `fifth-crypto-news`: crypto news sites, whose names are look-alike-prone (`bitcoinist`,
 *   `newsbtc`), at their feed's address (cryptoganster/my-social-agents RSS seed and source list,
 *   MIT);
 * - `fifth-weekly-br`: the links of BrazilJS Weekly, a Brazilian JavaScript weekly in Portuguese
 *   (braziljs/weekly `editions/*.html` as they stood before the repository removed them in 2013;
 *   no licence file: the links are used as facts), at their real paths;
 * - `fifth-free-host`: any URL of the families above on a free platform's tenant.
 */

const FREE_HOST = 'fifth-free-host';
// A DNS name: letters somewhere, labels neither starting nor ending with a hyphen.
const HOST_NAME = /^(?=.*[a-z])[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/** Polish sites' front pages, one per host the crawl kept. */
export function polishSiteUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'KqSMea8+ISI-PROJECT2');
  if (!repo) return [];
  const urls = git(repo.dir, ['ls-tree', '--name-only', 'HEAD', 'RobotsFiles/'])
    .split('\n')
    .map((file) => file.replace(/^RobotsFiles\//, '').toLowerCase())
    .filter((host) => HOST_NAME.test(host) && !/^[\d.]+$/.test(host))
    .map((host) => `http://${host}/`);
  return family(urls, 'fifth-site-pl', repo.source, 'no licence file (KqSMea8/ISI-PROJECT2): host names used as facts', seen, FREE_HOST);
}

/** Japanese companies' engineering blogs, at their feeds. */
export function japaneseTechBlogUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'yamadashy+tech-blog-rss-feed');
  if (!repo) return [];
  const urls = [
    ...git(repo.dir, ['show', 'HEAD:src/resources/feed-info-list.ts']).matchAll(/^\s*\['[^']*',\s*'(https?:\/\/[^']+)'\]/gm),
  ].map((match) => match[1]!);
  return family(urls, 'fifth-techblog-jp', repo.source, 'MIT (yamadashy/tech-blog-rss-feed)', seen, FREE_HOST);
}

const CRYPTO_FILES = [
  'apps/backend/src/ingestion/migrations/seed-rss-sources.sql',
  'apps/backend/src/ingestion/config/rss-sources/README.md',
];

/** Crypto news sites, at their feeds. */
export function cryptoNewsUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'cryptoganster+my-social-agents');
  if (!repo) return [];
  const urls = CRYPTO_FILES.flatMap(
    (file) =>
      [...git(repo.dir, ['show', `HEAD:${file}`]).matchAll(/https?:\/\/[^'"\s)<>]+/g)].map((match) => match[0].replace(/[.,;]+$/, '')),
    // The README's placeholders (`your-source.com`) and bare schemes are not sites.
  ).filter((url) => URL.canParse(url) && new URL(url).hostname.includes('.') && !/github\.com|your-source/.test(url));
  return family(urls, 'fifth-crypto-news', repo.source, 'MIT (cryptoganster/my-social-agents)', seen, FREE_HOST);
}

// The commit that removed the weekly's editions from its repository: its parent still holds them.
const EDITIONS_REMOVED = '95160a8';

/** BrazilJS Weekly's links, less the weekly's own and its social accounts'. */
export function brazilianWeeklyUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'braziljs+weekly');
  if (!repo) return [];
  const editions = `${EDITIONS_REMOVED}^`;
  const urls = git(repo.dir, ['ls-tree', '--name-only', editions, 'editions/'])
    .split('\n')
    .filter((file) => file.endsWith('.html'))
    .flatMap((file) => [...git(repo.dir, ['show', `${editions}:${file}`]).matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) => match[1]!))
    .filter((url) => !/braziljs|twitter\.com|facebook\.com/i.test(url));
  return family(urls, 'fifth-weekly-br', repo.source, 'no licence file (braziljs/weekly): links used as facts', seen, FREE_HOST);
}

/** Every family of this file. */
export function fifthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...polishSiteUrls(root, seen),
    ...japaneseTechBlogUrls(root, seen),
    ...cryptoNewsUrls(root, seen),
    ...brazilianWeeklyUrls(root, seen),
  ];
}
