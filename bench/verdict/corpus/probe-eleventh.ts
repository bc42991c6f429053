import { kept } from './probe-fourth.ts';
import { isAddress } from './probe-ninth.ts';
import { linksOf } from './probe-tenth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The eleventh fresh probe of issue 35 (session 20): links people share in newsletters other than
 * the tech weeklies earlier probes read (a data newsletter's datasets, reports and small
 * organisations' pages; a security newsletter's write-ups on personal blogs and tenants of free
 * platforms; the security newsletters' own sites, many on Substack or beehiiv), from public
 * repositories no earlier corpus source or probe family read, none reserved, none a phishing list
 * and none with a `CNAME` (so `siteRepoUrls` does not read them), measured on the shipped engine
 * before any tuning. Same caps as the tenth probe; each source's tenants of a free platform are a
 * family of their own (`-free-host`):
 *
 * - `eleventh-data-is-plural`: the links of every edition of Data Is Plural, a weekly newsletter of
 *   datasets (data-is-plural/newsletter-archive `editions/*.md`; no licence file: the addresses
 *   are facts);
 * - `eleventh-appsec-ezine`: the links of every edition of the AppSec Ezine, a weekly security
 *   newsletter (Simpsonpt/AppSecEzine `Ezines/*`, CC BY-NC-SA 3.0; only the addresses are read);
 * - `eleventh-security-newsletter`: security newsletters' own sites and archives
 *   (TalEliyahu/awesome-security-newsletters `README.md`, GPL-2.0; only the addresses are read);
 * - `eleventh-starlight-showcase`: documentation sites built with Astro's Starlight, many of them
 *   projects' pages on GitHub Pages, Cloudflare Pages, Netlify or Vercel (withastro/starlight
 *   `docs/src/components/showcase-sites.astro` `href`, MIT);
 * - `eleventh-library`: libraries' websites at their paths, mostly North American and European
 *   public, school and college libraries (edsu/libweb `libraries.json`, crawled from LIBWEB, CC0).
 */

/** A newsletter archive's links, less its own repository's, as a family and its free-host tenants. */
export function newsletterUrls(
  root: string,
  seen: Map<string, number>,
  mirror: string,
  files: RegExp,
  own: RegExp,
  family: string,
  licence: string,
) {
  const repo = snapshot(root, mirror);
  if (!repo) return [];
  return kept(linksOf(repo.dir, files, own), family, repo.source, licence, seen, `${family}-free-host`);
}

/** The documentation sites of Starlight's showcase. */
export function starlightShowcaseUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'withastro+starlight');
  if (!repo) return [];
  const cards = git(repo.dir, ['show', 'HEAD:docs/src/components/showcase-sites.astro']);
  const urls = [...cards.matchAll(/\bhref="([^"]+)"/g)].map((match) => match[1]!).filter(isAddress);
  const family = 'eleventh-starlight-showcase';
  return kept(urls, family, repo.source, 'MIT (withastro/starlight)', seen, `${family}-free-host`);
}

/** Libraries' websites. */
export function libraryUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'edsu+libweb');
  if (!repo) return [];
  const urls = [...git(repo.dir, ['show', 'HEAD:libraries.json']).matchAll(/"url":\s*"([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter(isAddress);
  return kept(urls, 'eleventh-library', repo.source, 'CC0 (edsu/libweb)', seen, 'eleventh-library-free-host');
}

/** Every family of this file. */
export function eleventhProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...newsletterUrls(
      root,
      seen,
      'data-is-plural+newsletter-archive',
      /^editions\/.+\.md$/,
      /data-is-plural\.com|github\.com\/data-is-plural\//i,
      'eleventh-data-is-plural',
      'no licence file (data-is-plural/newsletter-archive): the addresses are facts',
    ),
    ...newsletterUrls(
      root,
      seen,
      'Simpsonpt+AppSecEzine',
      /^Ezines\//,
      /github\.com\/(Simpsonpt|xl-sec)\/|xl-sec\.github\.io/i,
      'eleventh-appsec-ezine',
      'CC BY-NC-SA 3.0 (Simpsonpt/AppSecEzine): only the addresses are read',
    ),
    ...newsletterUrls(
      root,
      seen,
      'TalEliyahu+awesome-security-newsletters',
      /^README\.md$/,
      /github\.com\/TalEliyahu\//i,
      'eleventh-security-newsletter',
      'GPL-2.0 (TalEliyahu/awesome-security-newsletters): only the addresses are read',
    ),
    ...starlightShowcaseUrls(root, seen),
    ...libraryUrls(root, seen),
  ];
}
