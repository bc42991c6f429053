import { pathsFor } from './signin-sources.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * Community servers people run on names of their own, often under cheap endings (`.xyz`,
 * `.social`, `.top`), and Chinese people's own blogs (issue 35, session 15): the kinds whose quiet
 * names the n-grams learned from kits alone (the probe's Lemmy servers and Chinese indie products
 * at 11-20%). Each host is one a public list records; each path one its software really serves:
 *
 * - `server-lemmy`: the Lemmy servers PangoraWeb/pangora.social's crawl recorded
 *   (`src/shared/instance_stats.js`, each server's `actor_id`; AGPL-3.0 code, the addresses used as
 *   facts), at their home page and two of the pages Lemmy's web client routes. Not
 *   maltfield/awesome-lemmy-instances, the probe's list; the builder leaves out the probe's domains.
 * - `server-bluesky-pds`: the self-hosted Bluesky data servers mary-ext/bluesky-scraped-pds found
 *   (`README.md`'s table, servers Bluesky itself hosts left out; no licence file: the addresses are
 *   used as facts), at their home page, the only page such a server shows a person.
 * - `indie-blog-cn`: timqian/chinese-independent-blogs `blogs-original.csv` (MIT), Chinese people's
 *   own blogs at the address the list records and at their home page. Not 1c7's list, the probe's.
 */
const LEMMY_PAGES = [
  '/login',
  '/signup',
  '/communities',
  '/settings',
  '/inbox',
  '/login_reset',
  '/search',
  '/instances',
  '/modlog',
  '/legal',
];

export function communityServerUrls(root = MIRRORS): SiteUrl[] {
  const found: SiteUrl[] = [];
  const lemmy = snapshot(root, 'PangoraWeb+pangora.social');
  if (lemmy) {
    const licence = 'addresses are facts (PangoraWeb/pangora.social crawl, AGPL-3.0 code)';
    const text = git(lemmy.dir, ['show', 'HEAD:src/shared/instance_stats.js']);
    const hosts = new Set(
      [...text.matchAll(/"actor_id":\s*"https?:\/\/([a-z0-9.-]+\.[a-z0-9-]+)\/?"/gi)].map((match) => match[1]!.toLowerCase()),
    );
    for (const host of hosts)
      for (const path of ['/', ...pathsFor(host, LEMMY_PAGES, 2)])
        found.push({ url: `https://${host}${path}`, family: 'server-lemmy', source: lemmy.source, licence });
  }
  const pds = snapshot(root, 'mary-ext+bluesky-scraped-pds');
  if (pds) {
    const licence = 'no licence file: the addresses are used as facts (mary-ext/bluesky-scraped-pds)';
    const text = git(pds.dir, ['show', 'HEAD:README.md']);
    for (const match of text.matchAll(/^\| [✅❌] ([a-z0-9.-]+\.[a-z0-9-]+) \|/gm)) {
      const host = match[1]!.toLowerCase();
      if (/(^|\.)bsky\.(network|social|app)$/.test(host)) continue;
      found.push({ url: `https://${host}/`, family: 'server-bluesky-pds', source: pds.source, licence });
    }
  }
  return found;
}

export function chineseBlogUrls(root = MIRRORS): SiteUrl[] {
  const blogs = snapshot(root, 'timqian+chinese-independent-blogs');
  if (!blogs) return [];
  const licence = 'MIT (timqian/chinese-independent-blogs)';
  const found: SiteUrl[] = [];
  for (const line of git(blogs.dir, ['show', 'HEAD:blogs-original.csv']).split('\n').slice(1)) {
    const address = line.split(',')[1]?.trim();
    if (!address || !URL.canParse(address)) continue;
    const url = new URL(address);
    if (!/^https?:$/.test(url.protocol)) continue;
    found.push({ url: url.href, family: 'indie-blog-cn', source: blogs.source, licence });
    if (url.pathname !== '/' || url.search) found.push({ url: `${url.origin}/`, family: 'indie-blog-cn', source: blogs.source, licence });
  }
  return found;
}
