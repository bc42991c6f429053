import { freeHostingPlatform } from '@riskscan/scanner';
import { capped, csvCells, links, markdownOf } from './probe-fresh.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The third fresh probe of issue 35 (session 13): families from public repositories no earlier
 * corpus source or probe family read, none reserved and none a phishing list, measured on the
 * shipped engine before any tuning. Read from snapshots in `VERDICT_SITE_MIRRORS`, never written
 * to the URL corpus; none carries a `CNAME`, so `siteRepoUrls` does not read them either. Each URL
 * is at the address its source records (no pattern paths), at most three per registrable domain
 * and family:
 *
 * - `third-weekly-intl`: the links of tech weeklies written in Chinese and Russian
 *   (SwiftOldDriver/iOS-Weekly `Reports/`, Apache-2.0; nikolai-shabalin/frontend-weekly
 *   `src/content/digest/`, MIT; tw93/weekly `src/pages/posts/`, no licence file: the links are
 *   used as facts);
 * - `third-selfhosted-demo`: the demo instances of self-hosted software
 *   (awesome-selfhosted/awesome-selfhosted-data `software/*.yml` `demo_url`, CC BY-SA 3.0): sign-in,
 *   dashboard and sample pages of services outside the brand catalogue, on their own or a
 *   volunteer's host;
 * - `third-project-site`: the same software's own sites (`website_url`);
 * - `third-course-page`: university course pages of many countries (prakhar1989/awesome-courses
 *   `README.md`, no licence file: the addresses are used as facts);
 * - `third-court`: US federal and state courts' sites (freelawproject/courts-db `court_url`,
 *   BSD-2-Clause);
 * - `third-mirror-org`: the universities, research bodies and providers of many countries that
 *   mirror CRAN, at the folder they serve it from (wch/r-source `doc/CRAN_mirrors.csv`, GPL-2;
 *   the addresses are facts);
 * - `third-starter-demo`: the demo sites of Eleventy's starter projects (11ty/11ty-website
 *   `src/_data/starters/*.json` `demo`, MIT);
 * - `third-free-host`: any URL of the families above on a free platform's tenant (github.io,
 *   netlify.app, vercel.app, pages.dev...), taken out of its family so the tenants are measured
 *   on their own.
 */

// Pictures a list or an issue embeds (badges, emoji, screenshots): not pages anyone is sent to.
const PICTURE = /\.(svg|png|gif|jpe?g|webp)$/i;

/**
 * Keeps a family's URLs less pictures, a free platform's tenants apart in `freeHost` (the fourth
 * probe keeps its own).
 */
export function family(
  all: string[],
  name: string,
  source: string,
  licence: string,
  seen: Map<string, number>,
  freeHost = 'third-free-host',
): SiteUrl[] {
  const urls = all.filter((url) => URL.canParse(url) && !PICTURE.test(new URL(url).pathname));
  const free = new Set(urls.filter((url) => URL.canParse(url) && freeHostingPlatform(new URL(url).hostname.toLowerCase())));
  const own = urls.filter((url) => !free.has(url));
  return [...capped(own, name, source, licence, seen), ...capped(free, freeHost, source, licence, seen)];
}

// Tech weeklies in other languages: [snapshot, files, licence].
const WEEKLIES: [string, RegExp, string][] = [
  ['SwiftOldDriver+iOS-Weekly', /^Reports\/.+\.md$/, 'Apache-2.0 (SwiftOldDriver/iOS-Weekly)'],
  ['nikolai-shabalin+frontend-weekly', /^src\/content\/digest\/.+\.mdx?$/, 'MIT (nikolai-shabalin/frontend-weekly)'],
  ['tw93+weekly', /^src\/pages\/posts\/.+\.mdx?$/, 'no licence file (tw93/weekly): the links are used as facts'],
];

/** The links of the Chinese and Russian tech weeklies. */
export function intlWeeklyUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const found: SiteUrl[] = [];
  for (const [name, files, licence] of WEEKLIES) {
    const repo = snapshot(root, name);
    if (!repo) continue;
    const own = new RegExp(`github\\.com/${name.replace('+', '/')}`, 'i');
    const urls = links(markdownOf(repo.dir, files)).filter((url) => !own.test(url));
    found.push(...family(urls, 'third-weekly-intl', repo.source, licence, seen));
  }
  return found;
}

/** Self-hosted software's demo instances and own sites. */
export function selfhostedUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'awesome-selfhosted+awesome-selfhosted-data');
  if (!repo) return [];
  const licence = 'CC BY-SA 3.0 (awesome-selfhosted/awesome-selfhosted-data)';
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'software'])
    .split('\n')
    .filter((file) => file.endsWith('.yml'));
  const demos: string[] = [];
  const sites: string[] = [];
  for (const file of files) {
    const text = git(repo.dir, ['show', `HEAD:${file}`]);
    for (const [list, key] of [
      [demos, 'demo_url'],
      [sites, 'website_url'],
    ] as const) {
      const value = new RegExp(`^${key}:\\s*['"]?(https?://[^'"\\s]+)`, 'm').exec(text)?.[1];
      if (value) list.push(value);
    }
  }
  return [
    ...family(demos, 'third-selfhosted-demo', repo.source, licence, seen),
    ...family(sites, 'third-project-site', repo.source, licence, seen),
  ];
}

/** University course pages. */
export function coursePageUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'prakhar1989+awesome-courses');
  if (!repo) return [];
  const urls = links(git(repo.dir, ['show', 'HEAD:README.md'])).filter((url) => !/github\.com\/prakhar1989/i.test(url));
  return family(urls, 'third-course-page', repo.source, 'no licence file (prakhar1989/awesome-courses): addresses used as facts', seen);
}

/** US courts' sites. */
export function courtUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'freelawproject+courts-db');
  if (!repo) return [];
  const text = git(repo.dir, ['show', 'HEAD:courts_db/data/courts.json']);
  const urls = [...text.matchAll(/"court_url":\s*"(https?:\/\/[^"]+)"/g)].map((match) => match[1]!);
  return family(urls, 'third-court', repo.source, 'BSD-2-Clause (freelawproject/courts-db)', seen);
}

/** The CRAN mirrors of many countries, at the folder they serve. */
export function mirrorOrgUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'wch+r-source');
  if (!repo) return [];
  const [header, ...lines] = git(repo.dir, ['show', 'HEAD:doc/CRAN_mirrors.csv']).split('\n');
  const column = csvCells(header ?? '').indexOf('URL');
  const urls = lines.map((line) => csvCells(line)[column]?.trim() ?? '').filter((url) => /^https?:\/\//.test(url));
  return family(urls, 'third-mirror-org', repo.source, 'GPL-2 (wch/r-source, a mirror of R); addresses used as facts', seen);
}

/** Eleventy starters' demo sites. */
export function starterDemoUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, '11ty+11ty-website');
  if (!repo) return [];
  const urls: string[] = [];
  for (const file of git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'src/_data/starters']).split('\n')) {
    if (!file.endsWith('.json')) continue;
    try {
      const demo = (JSON.parse(git(repo.dir, ['show', `HEAD:${file}`])) as { demo?: string }).demo;
      if (demo) urls.push(demo.trim());
    } catch {
      continue;
    }
  }
  return family(urls, 'third-starter-demo', repo.source, 'MIT (11ty/11ty-website)', seen);
}

/** Every family of this file. */
export function thirdProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...intlWeeklyUrls(root, seen),
    ...selfhostedUrls(root, seen),
    ...coursePageUrls(root, seen),
    ...courtUrls(root, seen),
    ...mirrorOrgUrls(root, seen),
    ...starterDemoUrls(root, seen),
  ];
}
