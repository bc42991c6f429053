import { links } from './probe-fresh.ts';
import { kept } from './probe-fourth.ts';
import { isAddress } from './probe-ninth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The twelfth fresh probe of issue 35 (session 21): legitimate tenants of free platforms, the
 * worst family left (people's portfolios, blogs, books, talks and dashboards on GitHub Pages,
 * Netlify, Vercel and Cloudflare Pages, with their real paths), beside the same sources' own
 * domains, from public repositories no earlier corpus source or probe family read, none reserved,
 * none a phishing list and none with a `CNAME` (so `siteRepoUrls` does not read them), measured on
 * the shipped engine before any tuning. Same caps as the tenth probe; each source's tenants of a
 * free platform are a family of their own (`-free-host`):
 *
 * - `twelfth-quarto-gallery`: the books, websites, talks, dashboards and articles of Quarto's
 *   gallery, at their pages (quarto-dev/quarto-web `docs/gallery/**.yml` `href`; the site's
 *   content: only the addresses are read);
 * - `twelfth-rladies-blog`: R-Ladies members' blogs and their feeds (rladies/awesome-rladies-blogs
 *   `data/**.json` `url`, `rss_feed`, CC0-1.0);
 * - `twelfth-portfolio`: developers' portfolio sites of many countries (Evavic44/portfolio-ideas
 *   `docs/portfolio.md`, its live-site links, MIT);
 * - `twelfth-civic-tech`: civic-tech groups' sites and feeds (codeforamerica/brigade-information
 *   `organizations.json` `website`, `rss`, MIT).
 */

// Screenshots and avatars beside the sites a list links to.
const PICTURE_HOST = /^https?:\/\/([^/]+\.)?(githubusercontent\.com|imgur\.com|shields\.io)\//i;

/** Quarto's gallery: every page its tiles link to. */
export function quartoGalleryUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'quarto-dev+quarto-web');
  if (!repo) return [];
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'docs/gallery'])
    .split('\n')
    .filter((name) => name.endsWith('.yml'));
  const text = files.length ? git(repo.dir, ['show', ...files.map((name) => `HEAD:${name}`)]) : '';
  const urls = [...text.matchAll(/^\s*-?\s*href:\s*'?"?(\S+?)'?"?\s*$/gm)].map((match) => match[1]!).filter(isAddress);
  const family = 'twelfth-quarto-gallery';
  return kept(urls, family, repo.source, 'quarto-dev/quarto-web: only the addresses are read', seen, `${family}-free-host`);
}

/** R-Ladies members' blogs and feeds; the list writes some addresses without a scheme. */
export function rladiesBlogUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'rladies+awesome-rladies-blogs');
  if (!repo) return [];
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'data'])
    .split('\n')
    .filter((name) => name.endsWith('.json'));
  const text = files.length ? git(repo.dir, ['show', ...files.map((name) => `HEAD:${name}`)]) : '';
  const urls = [...text.matchAll(/"(?:url|rss_feed)":\s*"([^"\s]+)"/g)].map((match) =>
    isAddress(match[1]!) ? match[1]! : `https://${match[1]!}`,
  );
  const family = 'twelfth-rladies-blog';
  return kept(urls, family, repo.source, 'CC0-1.0 (rladies/awesome-rladies-blogs)', seen, `${family}-free-host`);
}

/** Developers' portfolio sites. */
export function portfolioUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'Evavic44+portfolio-ideas');
  if (!repo) return [];
  const urls = links(git(repo.dir, ['show', 'HEAD:docs/portfolio.md'])).filter((url) => !PICTURE_HOST.test(url));
  const family = 'twelfth-portfolio';
  return kept(urls, family, repo.source, 'MIT (Evavic44/portfolio-ideas)', seen, `${family}-free-host`);
}

/** Civic-tech groups' sites and feeds. */
export function civicTechUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'codeforamerica+brigade-information');
  if (!repo) return [];
  const text = git(repo.dir, ['show', 'HEAD:organizations.json']);
  const urls = [...text.matchAll(/"(?:website|rss)":\s*"([^"\s]+)"/g)].map((match) => match[1]!).filter(isAddress);
  const family = 'twelfth-civic-tech';
  return kept(urls, family, repo.source, 'MIT (codeforamerica/brigade-information)', seen, `${family}-free-host`);
}

/** Every family of this file. */
export function twelfthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [...quartoGalleryUrls(root, seen), ...rladiesBlogUrls(root, seen), ...portfolioUrls(root, seen), ...civicTechUrls(root, seen)];
}
