import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * More held-out probe families (issue 35, session 8), of the kinds `probe-sources.ts` lacks:
 * small organisations' own sites and local news sites of many countries, each at the address the
 * source records (real paths, never a pattern). Read from repository snapshots in
 * `VERDICT_SITE_MIRRORS`; never written to the URL corpus, so nothing trains or tunes on them.
 *
 * - `small-business-im`: the shops, pubs, cafés, clinics, dentists, guest houses, offices and
 *   charities of the Isle of Man that OpenStreetMap records with a website
 *   (dankarran/isleofman-opendata's OSM extracts; data ODbL, © OpenStreetMap contributors);
 * - `club-spaceapi`: hackerspaces and makerspaces of many countries, their status endpoint
 *   (`/spaceapi.json`, `/status.php`) and home page (SpaceApi/directory; no licence file: the
 *   addresses are facts and are used as such);
 * - `news-site` / `news-feed`: local and national news publications of 150 countries, their home
 *   page and feed address (yavuz/news-feed-list-of-countries, MIT);
 * - `news-feed-cc0`: the news and topic feeds of plenaryapp/awesome-rss-feeds (CC0-1.0).
 */

const OSM_EXTRACTS = ['shops', 'food-and-drink', 'healthcare', 'tourism', 'offices', 'charities'];

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** An address as a site lists it (`1dentalclinic.com`, `http://x.im/`), or null. */
function siteUrl(text: string | undefined): string | null {
  const value = text?.trim().split(/[;\s]/)[0];
  if (!value) return null;
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  return URL.canParse(url) ? url : null;
}

/** The cells of one CSV line (quoted fields, doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/(?:^|,)("((?:[^"]|"")*)"|[^,]*)/g))
    cells.push(match[2] !== undefined ? match[2].replace(/""/g, '"') : match[1]!);
  return cells;
}

/** Isle of Man businesses and charities with a website in OpenStreetMap. */
export function islandBusinessUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'dankarran+isleofman-opendata');
  if (!repo) return [];
  const licence = 'ODbL (OpenStreetMap contributors, via dankarran/isleofman-opendata)';
  const found: SiteUrl[] = [];
  for (const extract of OSM_EXTRACTS) {
    const [header, ...lines] = git(repo.dir, ['show', `HEAD:data/openstreetmap/outputs/${extract}/${extract}.csv`]).split('\n');
    if (!header) continue;
    const columns = csvCells(header);
    const website = columns.indexOf('website');
    const contact = columns.indexOf('contact:website');
    for (const line of lines) {
      const cells = csvCells(line);
      const url = siteUrl(cells[website]) ?? siteUrl(cells[contact]);
      if (url) found.push({ url, family: 'small-business-im', source: repo.source, licence });
    }
  }
  return found;
}

/** Hackerspaces' status endpoints and home pages from the SpaceAPI directory. */
export function hackerspaceUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'SpaceApi+directory');
  if (!repo) return [];
  const licence = 'no licence file (SpaceApi/directory): addresses used as facts';
  const found: SiteUrl[] = [];
  const directory = parseJson<Record<string, string>>(git(repo.dir, ['show', 'HEAD:directory.json'])) ?? {};
  for (const endpoint of Object.values(directory)) {
    if (!URL.canParse(endpoint)) continue;
    const url = new URL(endpoint);
    // A space that serves its file from a code host is that host's tenant, not a site of its own.
    if (/githubusercontent|github\.io|gitlab/.test(url.hostname)) continue;
    found.push({ url: url.href, family: 'club-spaceapi', source: repo.source, licence });
    found.push({ url: `${url.origin}/`, family: 'club-spaceapi', source: repo.source, licence });
  }
  return found;
}

type Publication = { publication_website_uri?: string; publication_rss_feed_uri?: string };

/** News publications of many countries: home page and feed. */
export function newsSiteUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'yavuz+news-feed-list-of-countries');
  if (!repo) return [];
  const licence = 'MIT (yavuz/news-feed-list-of-countries)';
  const countries =
    parseJson<Record<string, Publication[]>>(git(repo.dir, ['show', 'HEAD:database/news-feed-list-of-countries.json'])) ?? {};
  const found: SiteUrl[] = [];
  for (const publication of Object.values(countries).flat()) {
    const home = siteUrl(publication.publication_website_uri);
    const feed = siteUrl(publication.publication_rss_feed_uri);
    if (home) found.push({ url: home, family: 'news-site', source: repo.source, licence });
    if (feed) found.push({ url: feed, family: 'news-feed', source: repo.source, licence });
  }
  return found;
}

/** The feeds of awesome-rss-feeds' country and topic lists. */
export function rssFeedUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'plenaryapp+awesome-rss-feeds');
  if (!repo) return [];
  const licence = 'CC0-1.0 (plenaryapp/awesome-rss-feeds)';
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((file) => file.endsWith('.opml') && !file.includes('/with_category/'));
  const found: SiteUrl[] = [];
  for (const file of files)
    for (const match of git(repo.dir, ['show', `HEAD:${file}`]).matchAll(/(?:xmlUrl|htmlUrl)="([^"]+)"/g)) {
      const url = match[1]!.replace(/&amp;/g, '&');
      if (URL.canParse(url)) found.push({ url, family: 'news-feed-cc0', source: repo.source, licence });
    }
  return found;
}

/** Every family of this file. */
export function orgProbeUrls(root = MIRRORS): SiteUrl[] {
  return [...islandBusinessUrls(root), ...hackerspaceUrls(root), ...newsSiteUrls(root), ...rssFeedUrls(root)];
}
