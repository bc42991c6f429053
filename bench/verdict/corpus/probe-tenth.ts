import { freeHostingPlatform } from '@riskscan/scanner';
import { links } from './probe-fresh.ts';
import { kept } from './probe-fourth.ts';
import { columns, isAddress } from './probe-ninth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The tenth fresh probe of issue 35 (session 20): what hidden set B holds and the earlier probes
 * hold least (legitimate tenants of free platforms: students' club sites, a platform's own project
 * pages, blog themes' demo blogs; personal blogs on one-level subdomains; Brazil's municipalities),
 * from public repositories no earlier corpus source or probe family read, none reserved and none a
 * phishing list, measured on the shipped engine before any tuning. Read from snapshots in
 * `VERDICT_SITE_MIRRORS`, never written to the URL corpus; none carries a `CNAME`, so
 * `siteRepoUrls` does not read them either. At most three URLs per registrable domain and family
 * and 2,000 per family (an even spread of the source's order); each source's tenants of a free
 * platform are kept in a family of their own (`-free-host`), so the kind this probe is for is
 * measured apart:
 *
 * - `tenth-club-free-host`: the sites of Hack Club's student clubs, hackathons and members, at the
 *   free platform's address their `hackclub.*` subdomain points to (hackclub/dns zone files'
 *   CNAME values; no licence file: the addresses are facts);
 * - `tenth-vercel-example-free-host`: the demo deployments of Vercel's examples and templates at
 *   their project names and paths (vercel/examples `README.md` files, MIT);
 * - `tenth-hexo-preview`, `-free-host`: the demo and author blogs of the Hexo themes' catalogue
 *   (hexojs/site `source/_data/themes/*.yml` `preview`, MIT);
 * - `tenth-blog-personal`, `-free-host`: personal software blogs (jkup/awesome-personal-blogs
 *   `readme.md`; no licence file: the addresses are facts);
 * - `tenth-municipality-br`: Brazil's municipalities' and states' executive and legislative sites,
 *   and `tenth-portal-br` their transparency and open-data portals at their paths
 *   (augusto-herrmann/transparencia-dados-abertos-brasil `data/valid/*.csv` `url`, CC0-1.0).
 */

/** Hack Club's subdomains that point at a free platform's tenant, at the tenant's address. */
export function hackClubTenantUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'hackclub+dns');
  if (!repo) return [];
  const zones = git(repo.dir, ['ls-tree', '--name-only', 'HEAD'])
    .split('\n')
    .filter((name) => name.endsWith('.yaml'));
  const targets = new Set<string>();
  for (const zone of zones)
    for (const match of git(repo.dir, ['show', `HEAD:${zone}`]).matchAll(/\bvalues?:\s*(?:-\s*)?([a-z0-9][a-z0-9.-]+[a-z])\.\s*$/gim)) {
      const host = match[1]!.toLowerCase();
      if (freeHostingPlatform(host)) targets.add(`https://${host}/`);
    }
  return kept(
    [...targets],
    'tenth-club',
    repo.source,
    'no licence file (hackclub/dns): the addresses are facts',
    seen,
    'tenth-club-free-host',
  );
}

/** A snapshot's files whose path matches, their links less its own repository's. */
export function linksOf(dir: string, path: RegExp, own: RegExp): string[] {
  const names = git(dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((name) => path.test(name));
  return names.length
    ? links(git(dir, ['show', ...names.map((name) => `HEAD:${name}`)]))
        .map((url) => url.replace(/_+$/, ''))
        .filter((url) => !own.test(url))
    : [];
}

/** Vercel's examples' demo deployments. */
export function vercelExampleUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'vercel+examples');
  if (!repo) return [];
  const urls = linksOf(repo.dir, /^(?!.*node_modules\/)(.+\/)?README\.md$/i, /github\.com\/vercel\//i).filter((url) =>
    /^https:\/\/[^/]+\.vercel\.app(\/|$)/i.test(url),
  );
  return kept(urls, 'tenth-vercel-example', repo.source, 'MIT (vercel/examples)', seen, 'tenth-vercel-example-free-host');
}

/** The Hexo themes' demo and author blogs. */
export function hexoPreviewUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'hexojs+site');
  if (!repo) return [];
  const themes = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'source/_data/themes'])
    .split('\n')
    .filter((name) => name.endsWith('.yml'));
  const text = themes.length ? git(repo.dir, ['show', ...themes.map((name) => `HEAD:${name}`)]) : '';
  const urls = [...text.matchAll(/^preview:\s*'?"?(\S+?)'?"?\s*$/gm)].map((match) => match[1]!).filter(isAddress);
  return kept(urls, 'tenth-hexo-preview', repo.source, 'MIT (hexojs/site)', seen, 'tenth-hexo-preview-free-host');
}

/** Personal software blogs. */
export function personalBlogUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'jkup+awesome-personal-blogs');
  if (!repo) return [];
  const urls = linksOf(repo.dir, /^readme\.md$/, /github\.com\/jkup\/|\/\/awesome\.re/i);
  const licence = 'no licence file (jkup/awesome-personal-blogs): the addresses are facts';
  return kept(urls, 'tenth-blog-personal', repo.source, licence, seen, 'tenth-blog-personal-free-host');
}

/** Brazil's municipalities' and states' sites and their transparency portals. */
export function brazilMunicipalityUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'augusto-herrmann+transparencia-dados-abertos-brasil');
  if (!repo) return [];
  const licence = 'CC0-1.0 (augusto-herrmann/transparencia-dados-abertos-brasil)';
  const urls = (file: string) => columns(git(repo.dir, ['show', `HEAD:data/valid/${file}`]), /^url$/).filter(isAddress);
  return [
    ...kept(
      urls('brazilian-municipality-and-state-websites.csv'),
      'tenth-municipality-br',
      repo.source,
      licence,
      seen,
      'tenth-br-free-host',
    ),
    ...kept(urls('brazilian-transparency-and-open-data-portals.csv'), 'tenth-portal-br', repo.source, licence, seen, 'tenth-br-free-host'),
  ];
}

/** Every family of this file. */
export function tenthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...hackClubTenantUrls(root, seen),
    ...vercelExampleUrls(root, seen),
    ...hexoPreviewUrls(root, seen),
    ...personalBlogUrls(root, seen),
    ...brazilMunicipalityUrls(root, seen),
  ];
}
