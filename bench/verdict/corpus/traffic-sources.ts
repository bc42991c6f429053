import { join } from 'node:path';
import { hostParts } from '@riskscan/scanner';
import { git, gitDir, MIRRORS, pick, type SiteUrl, UNIVERSITY_SIGN_IN } from './site-sources.ts';

/**
 * Benign sets that look like traffic (issue 35), read from repository snapshots in
 * `VERDICT_SITE_MIRRORS` like `site-sources.ts`; nothing is downloaded here and each URL records
 * the repository and commit it came from:
 *
 * - small organisations' own sites: the US towns, counties, regional bodies, tribal nations and
 *   quasi-governmental bodies whose sites live outside .gov (GSA/govt-urls, a US government work:
 *   public domain), each site's address as listed (with its page path where the list has one),
 *   plus one page of the kind such sites run (agendas, bill payment, resident sign-in), by
 *   pattern, reported apart;
 * - free-hosting tenants: the GitHub Pages, Netlify, Vercel and Cloudflare Pages sites behind the
 *   js.org subdomains (js-org/js.org `cnames_active.js`), each at the address it is served from;
 * - US federal and state bodies' sites outside .gov (the same GSA's federal and state lists), often
 *   on a subdomain (`midas.18f.us`, `aces.nmsu.edu`) or a long hyphenated name
 *   (`1-800-vermont.com`): held out whole, never trained on (`build-url-corpus.ts`);
 * - universities' subdomains (Hipo's university-domains-list `domains`: `student.karazin.ua`,
 *   `hawk.iit.edu`), a separate source of the same kind for training, split like the rest.
 */
const STATE_FEDERAL_LISTS = ['2_govt_urls_federal_only.csv', '3_govt_urls_state_only.csv'];
const GOVERNMENT_LISTS = [
  '4_govt_urls_regional_only.csv',
  '5_govt_urls_county_only.csv',
  '6_govt_urls_local_only.csv',
  '7_govt_urls_native_sovereign_nations_only.csv',
  '8_govt_urls_quasigovernmental_only.csv',
];
// Pages the content systems small governments use serve (CivicPlus, Granicus, payment portals).
// prettier-ignore
const LOCAL_GOVERNMENT_PAGES = [
  '/AgendaCenter', '/DocumentCenter/View/1234/Budget', '/CivicAlerts.aspx', '/Directory.aspx', '/FormCenter',
  '/Bids.aspx', '/Jobs.aspx', '/Calendar.aspx', '/departments/public-works', '/government/city-council',
  '/residents/pay-online', '/utility-billing', '/online-services/login', '/pay-my-bill', '/my-account/login',
  '/portal/login.aspx', '/index.php/departments/clerk', '/court/pay-a-ticket', '/parks-recreation/register',
  '/permits/apply-online', '/tax-collector/pay-taxes', '/police/report-online', '/contact-us', '/news/',
];

/** One CSV line's fields (quoted fields may hold commas; doubled quotes are one quote). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Small US governments' own sites outside .gov (GSA/govt-urls). */
export function localGovernmentUrls(root = MIRRORS): SiteUrl[] {
  return governmentUrls(root, GOVERNMENT_LISTS, 'local-government');
}

/** US federal and state bodies' sites outside .gov (GSA/govt-urls); the list names many by their host. */
export function stateFederalUrls(root = MIRRORS): SiteUrl[] {
  return governmentUrls(root, STATE_FEDERAL_LISTS, 'state-federal');
}

/** The sites of GSA lists, each at its listed page when that is on the listed name, plus one page of the kind such sites run. */
function governmentUrls(root: string, lists: string[], family: string): SiteUrl[] {
  const dir = gitDir(join(root, 'GSA+govt-urls'));
  if (!dir) return [];
  const commit = git(dir, ['rev-parse', 'HEAD']).trim().slice(0, 12);
  const source = `github:GSA/govt-urls@${commit}`;
  const licence = 'US government work, public domain (GSA/govt-urls)';
  const found: SiteUrl[] = [];
  for (const list of lists) {
    const [header = '', ...lines] = git(dir, ['show', `HEAD:${list}`])
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    const columns = csvFields(header);
    const domainAt = columns.findIndex((name) => /^domain/i.test(name));
    const linkAt = columns.indexOf('Link');
    for (const line of lines) {
      if (line.trim() === '') continue;
      const fields = csvFields(line);
      const domain = fields[domainAt]?.trim().toLowerCase() ?? '';
      // Entries with a path or an IP address name a page on someone else's server.
      if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)) continue;
      const link = fields[linkAt]?.trim() ?? '';
      const listed = URL.canParse(link) ? new URL(link) : null;
      // The listed page, when it is on the listed domain; else the site's front page.
      const home = listed && (listed.hostname === domain || listed.hostname.endsWith(`.${domain}`)) ? listed : new URL(`http://${domain}/`);
      found.push({ url: home.href, family, source, licence });
      const base = `${home.protocol}//${home.host}`;
      found.push({ url: base + pick(LOCAL_GOVERNMENT_PAGES, home.host, 13), family: `${family}-page-pattern`, source, licence });
    }
  }
  return found;
}

/** The free-hosting sites behind js.org's subdomains, at the addresses they are served from. */
export function jsOrgTenantUrls(root = MIRRORS): SiteUrl[] {
  const dir = gitDir(join(root, 'js-org+js.org'));
  if (!dir) return [];
  const commit = git(dir, ['rev-parse', 'HEAD']).trim().slice(0, 12);
  const source = `github:js-org/js.org@${commit}`;
  const licence = 'addresses are facts (js.org subdomain list)';
  const found: SiteUrl[] = [];
  for (const match of git(dir, ['show', 'HEAD:cnames_active.js']).matchAll(/^\s*"[^"]+"\s*:\s*"([^"]+)"/gm)) {
    const target = match[1]!.toLowerCase().replace(/\/+$/, '');
    // Served from a free platform: GitHub Pages, Netlify, Cloudflare Pages, GitLab Pages, Surge.
    if (!/^[a-z0-9-]+\.(github\.io|netlify\.app|pages\.dev|gitlab\.io|surge\.sh)(\/[\w.~-]+)*$/.test(target)) continue;
    found.push({ url: `https://${target}/`, family: 'free-host-tenant-jsorg', source, licence });
  }
  return found;
}

/** Universities' subdomains (Hipo's `domains`: a campus's or its students' host), each with one sign-in page. */
export function universitySubdomainUrls(root = MIRRORS): SiteUrl[] {
  const dir = gitDir(join(root, 'Hipo+university-domains-list'));
  if (!dir) return [];
  const commit = git(dir, ['rev-parse', 'HEAD']).trim().slice(0, 12);
  const list = JSON.parse(git(dir, ['show', 'HEAD:world_universities_and_domains.json'])) as { domains?: string[] }[];
  const source = `github:Hipo/university-domains-list@${commit}`;
  const licence = 'MIT (university-domains-list)';
  const found: SiteUrl[] = [];
  for (const entry of list)
    for (const name of entry.domains ?? []) {
      const host = name.trim().toLowerCase();
      const parts = hostParts(host);
      if (!parts.domain || !parts.subdomain || parts.subdomain === 'www') continue;
      found.push({ url: `https://${host}/`, family: 'university-subdomain', source, licence });
      found.push({ url: `https://${host}${pick(UNIVERSITY_SIGN_IN, host, 17)}`, family: 'university-subdomain', source, licence });
    }
  return found;
}
