import { freeHostingPlatform } from '@riskscan/scanner';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * People's and small groups' own sites (issue 35, family `indie-site`): the short, run-together or
 * oddly-ended names (`electro.pizza`, `swb72.us`, `0xadada.pub`) the honest corpus lacked, so the
 * host's n-grams learned them from phishing alone. Each URL is the address its list records (a
 * `/uses` page, a home page, a blog, a feed) plus the site's home page; nothing is made up. Read
 * from repository snapshots in `VERDICT_SITE_MIRRORS`:
 *
 * - wesbos/awesome-uses `src/data.js`: developers' `/uses` pages of many countries (no licence
 *   file: the addresses are used as facts);
 * - XXIIVV/webring `index.html`: the webring's personal sites and their feeds (MIT);
 * - kilimchoi/engineering-blogs `README.md`: its individuals' and products' blogs (CC BY-SA 4.0).
 *
 * Not kagisearch/smallweb: its list was seeded from Hacker News threads, a source issue 35 reserves.
 * Domains the probe reads are left out by the corpus builder, so the probe stays held out.
 */
export function indieSiteUrls(root = MIRRORS): SiteUrl[] {
  const found: SiteUrl[] = [];
  const read = (repo: string, file: string, licence: string, links: (text: string) => string[]) => {
    const snap = snapshot(root, repo);
    if (!snap) return;
    for (const link of links(git(snap.dir, ['show', `HEAD:${file}`]))) {
      if (!URL.canParse(link)) continue;
      const url = new URL(link);
      found.push({ url: url.href, family: 'indie-site', source: snap.source, licence });
      if (url.pathname !== '/' || url.search) found.push({ url: url.origin + '/', family: 'indie-site', source: snap.source, licence });
    }
  };
  read('wesbos+awesome-uses', 'src/data.js', 'no licence file: the addresses are used as facts', (text) =>
    [...text.matchAll(/^\s*url:\s*['"](https?:\/\/[^'"]+)['"]/gm)].map((match) => match[1]!),
  );
  read('XXIIVV+webring', 'index.html', 'MIT (XXIIVV/webring)', (text) =>
    [...text.matchAll(/<a href="(https?:\/\/[^"]+)"/g)].map((match) => match[1]!),
  );
  read('kilimchoi+engineering-blogs', 'README.md', 'CC BY-SA 4.0 (kilimchoi/engineering-blogs)', (text) => {
    const people = text.slice(text.indexOf('\n### Individuals/Group Contributors'));
    return [...people.matchAll(/^\* .+? (https?:\/\/\S+)\s*$/gm)].map((match) => match[1]!);
  });
  return found;
}

/**
 * Developers' sites on free platforms (issue 35, families `tenant-isadev`, `tenant-opendomains`):
 * the GitHub Pages, Vercel, Cloudflare Pages, Netlify, Render and Firebase tenants that free
 * subdomain registries' records (`domains/*.json`, `CNAME`) point at, each at its tenant address's
 * home page: is-a-dev/register (MIT, session 10) and open-domains/register (MIT, session 15). The
 * honest corpus had few such tenants beside js.org's, so the tenant's n-grams learned names on
 * platforms from phishing alone. Outside the representative set (eval.ts), so that set stays as it was.
 */
export function isADevTenantUrls(root = MIRRORS): SiteUrl[] {
  return registryTenantUrls(root, 'is-a-dev+register', 'tenant-isadev', 'MIT (is-a-dev/register)');
}

export function openDomainsTenantUrls(root = MIRRORS): SiteUrl[] {
  return registryTenantUrls(root, 'open-domains+register', 'tenant-opendomains', 'MIT (open-domains/register)');
}

const TENANT_PLATFORMS = /^(github\.io|vercel\.app|pages\.dev|netlify\.app|onrender\.com|web\.app|gitlab\.io)$/;

function registryTenantUrls(root: string, repo: string, family: string, licence: string): SiteUrl[] {
  const snap = snapshot(root, repo);
  if (!snap) return [];
  const files = git(snap.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'domains'])
    .split('\n')
    .filter((file) => file.endsWith('.json'));
  const text = git(snap.dir, ['show', ...files.map((file) => `HEAD:${file}`)]);
  const found: SiteUrl[] = [];
  for (const match of text.matchAll(/"CNAME"\s*:\s*"([^"]+)"/g)) {
    const host = match[1]!.toLowerCase().replace(/\.$/, '');
    const platform = freeHostingPlatform(host);
    if (!platform || !TENANT_PLATFORMS.test(platform)) continue;
    if (!/^[a-z0-9-]+$/.test(host.slice(0, -platform.length - 1))) continue;
    found.push({ url: `https://${host}/`, family, source: snap.source, licence });
  }
  return found;
}

/**
 * Component libraries' demo and documentation sites on free platforms (issue 35, family
 * `tenant-demo`, session 15), at the addresses two awesome lists link, with their real paths:
 * brillout/awesome-react-components (CC0-1.0) and vuejs/awesome-vue (MIT), `README.md`. The
 * probe's free-host families are read from other lists; the builder leaves out the probe's domains.
 */
export function demoTenantUrls(root = MIRRORS): SiteUrl[] {
  const found: SiteUrl[] = [];
  for (const [repo, licence] of [
    ['brillout+awesome-react-components', 'CC0-1.0 (brillout/awesome-react-components)'],
    ['vuejs+awesome-vue', 'MIT (vuejs/awesome-vue)'],
  ] as const) {
    const snap = snapshot(root, repo);
    if (!snap) continue;
    for (const match of git(snap.dir, ['show', 'HEAD:README.md']).matchAll(/\((https?:\/\/[^)\s]+)\)/g)) {
      if (!URL.canParse(match[1]!)) continue;
      const url = new URL(match[1]!);
      const platform = freeHostingPlatform(url.hostname.toLowerCase());
      if (!platform || !TENANT_PLATFORMS.test(platform)) continue;
      found.push({ url: url.href, family: 'tenant-demo', source: snap.source, licence });
      if (url.pathname !== '/' || url.search) found.push({ url: `${url.origin}/`, family: 'tenant-demo', source: snap.source, licence });
    }
  }
  return found;
}
