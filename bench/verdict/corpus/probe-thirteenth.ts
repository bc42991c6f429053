import { kept } from './probe-fourth.ts';
import { isAddress } from './probe-ninth.ts';
import { linksOf } from './probe-tenth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The thirteenth fresh probe of issue 35 (session 21): small organisations' own sites in
 * French-, Portuguese-, Spanish- and Italian-speaking countries, whose names are words of those
 * languages, from public repositories no earlier corpus source or probe read, none reserved, none
 * a phishing list and none with a `CNAME` (so `siteRepoUrls` does not read them), measured on the
 * shipped engine before any tuning. Same caps as the fourth probe (`kept`); each family's tenants
 * of a free platform are a family of their own (`-free-host`):
 *
 * - `thirteenth-public-fr`: French public-sector organisations (communes, intercommunalities,
 *   schools, hospitals, agencies, associations with a public mission) at the URL each answered on,
 *   often after a redirect to a path (etalab/noms-de-domaine-organismes-secteur-public `urls.txt`,
 *   Licence Ouverte 2.0);
 * - `thirteenth-company-pt`: Portugal's tech companies, their sites and careers pages
 *   (marmelo/tech-companies-in-portugal `README.md`, MIT);
 * - `thirteenth-company-es`: companies of Spain's Murcia region (MurciaDev/murcia-tech-hub
 *   `README.md`, MIT);
 * - `thirteenth-community-it`: Italian companies and tech communities
 *   (italia-opensource/awesome-italia-opensource `analytics/*.json` `site_url`, `url`, GPL-3.0; only
 *   the addresses are read).
 */

/** French public-sector organisations' sites. */
export function frenchPublicSectorUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'etalab+noms-de-domaine-organismes-secteur-public');
  if (!repo) return [];
  const urls = git(repo.dir, ['show', 'HEAD:urls.txt'])
    .split('\n')
    .map((line) => line.trim())
    .filter(isAddress);
  const family = 'thirteenth-public-fr';
  const licence = 'Licence Ouverte 2.0 (etalab/noms-de-domaine-organismes-secteur-public)';
  return kept(urls, family, repo.source, licence, seen, `${family}-free-host`);
}

/** A Markdown list's links, less its own repository's. */
function listed(root: string, seen: Map<string, number>, mirror: string, family: string, licence: string): SiteUrl[] {
  const repo = snapshot(root, mirror);
  if (!repo) return [];
  const own = new RegExp(`github\\.com/${mirror.replace('+', '/')}|shields\\.io`, 'i');
  return kept(linksOf(repo.dir, /^README\.md$/, own), family, repo.source, licence, seen, `${family}-free-host`);
}

/** Italian companies' and tech communities' sites. */
export function italianCommunityUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'italia-opensource+awesome-italia-opensource');
  if (!repo) return [];
  const text = git(repo.dir, ['show', 'HEAD:analytics/companies.json', 'HEAD:analytics/communities.json']);
  const urls = [...text.matchAll(/"(?:site_)?url":\s*"([^"]+)"/g)].map((match) => match[1]!).filter(isAddress);
  const family = 'thirteenth-community-it';
  const licence = 'GPL-3.0 (italia-opensource/awesome-italia-opensource): only the addresses are read';
  return kept(urls, family, repo.source, licence, seen, `${family}-free-host`);
}

/** Every family of this file. */
export function thirteenthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...frenchPublicSectorUrls(root, seen),
    ...listed(root, seen, 'marmelo+tech-companies-in-portugal', 'thirteenth-company-pt', 'MIT (marmelo/tech-companies-in-portugal)'),
    ...listed(root, seen, 'MurciaDev+murcia-tech-hub', 'thirteenth-company-es', 'MIT (MurciaDev/murcia-tech-hub)'),
    ...italianCommunityUrls(root, seen),
  ];
}
