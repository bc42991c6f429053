import { git, MIRRORS, pick, type SiteUrl, snapshot, tfaEntries } from './site-sources.ts';
import { orgProbeUrls } from './probe-orgs.ts';
import { hostingProbeUrls } from './probe-hosting.ts';
import { serviceProbeUrls } from './probe-services.ts';
import { freshProbeUrls } from './probe-fresh.ts';
import { thirdProbeUrls } from './probe-third.ts';
import { fourthProbeUrls } from './probe-fourth.ts';
import { fifthProbeUrls } from './probe-fifth.ts';
import { sixthProbeUrls } from './probe-sixth.ts';
import { seventhProbeUrls } from './probe-seventh.ts';
import { eighthProbeUrls } from './probe-eighth.ts';
import { ninthProbeUrls } from './probe-ninth.ts';
import { tenthProbeUrls } from './probe-tenth.ts';
import { eleventhProbeUrls } from './probe-eleventh.ts';
import { twelfthProbeUrls } from './probe-twelfth.ts';
import { thirteenthProbeUrls } from './probe-thirteenth.ts';
import { fourteenthProbeUrls } from './probe-fourteenth.ts';

/**
 * Held-out probe families (issue 35, session 8): ordinary URLs of kinds the corpus lacks, read
 * from repository snapshots in `VERDICT_SITE_MIRRORS` (brought with the search tool's `fetch`).
 * They are never written to the URL corpus, so nothing trains, calibrates or tunes on them;
 * `npm run probe:verdict` only measures the shipped engine on them. Each URL records its
 * repository, commit and licence:
 *
 * - `tfa-help`: the 2FA documentation and account-recovery pages of the services listed by
 *   2factorauth/twofactorauth (MIT): real help pages of banks, shops, hosts and tools worldwide;
 * - `tfa-sign-in-pattern`: the same services' domains with a sign-in or account path in the
 *   language of the region they list (`/mein-konto`, `/connexion`, `/zaloguj`), by pattern;
 * - `article`: the engineering-blog posts, talks and papers linked from
 *   binhnguyennus/awesome-scalability (MIT), at their real paths;
 * - `api-doc`: the API documentation pages linked from public-apis/public-apis (MIT);
 * - `personal-site`: the small personal sites of many countries listed by kevquirk/512kb.club
 *   (MIT), their front page and, by pattern, one post path;
 * - `municipality-no`: Norway's municipalities (boyum/green-municipalities, Apache-2.0), their
 *   front page and, by pattern, one page in Norwegian (`/kontakt`, `/min-side`).
 */

// Sign-in and account paths in the languages of the regions 2factorauth lists.
// prettier-ignore
const SIGN_IN_BY_REGION: Record<string, string[]> = {
  de: ['/mein-konto', '/anmelden', '/login.html', '/kundenportal/login'], at: ['/mein-konto', '/anmelden'], ch: ['/anmelden', '/fr/connexion'],
  fr: ['/connexion', '/mon-compte', '/espace-client/connexion'], be: ['/nl/inloggen', '/fr/connexion'], it: ['/accedi', '/area-clienti/login'],
  es: ['/iniciar-sesion', '/mi-cuenta', '/acceso-clientes'], pl: ['/zaloguj', '/moje-konto', '/logowanie'], tr: ['/giris', '/giris-yap', '/hesabim'],
  nl: ['/inloggen', '/mijn-account', '/mijn/inloggen'], pt: ['/entrar', '/minha-conta'], br: ['/entrar', '/minha-conta', '/login'],
  se: ['/logga-in', '/mina-sidor'], no: ['/logg-inn', '/min-side'], dk: ['/log-ind', '/min-konto'], fi: ['/kirjaudu', '/oma-tili'],
  cz: ['/prihlaseni', '/muj-ucet'], ru: ['/login', '/lk/'], jp: ['/login/', '/mypage/'], in: ['/login', '/netbanking/login.html'],
};
const SIGN_IN_ANYWHERE = [
  '/login',
  '/signin',
  '/account/login',
  '/banking/login.html',
  '/online-banking/login',
  '/my-account',
  '/auth/login',
];
const POST_PATHS = ['/blog/', '/posts/hello-world/', '/about/', '/2024/03/notes-on-a-quiet-week/', '/now/', '/archive/'];
// prettier-ignore
const NORWEGIAN_PAGES = ['/kontakt', '/min-side', '/logg-inn', '/tjenester/skole-og-barnehage/', '/politikk/mote-og-sakspapirer/', '/nyheter/', '/innbyggertorg/'];

/** The URLs of a Markdown text, trailing punctuation dropped. */
function markdownLinks(text: string): string[] {
  return [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((match) => match[1]!.replace(/[.,;]+$/, ''));
}

/** 2factorauth/twofactorauth: each service's help pages and a sign-in path in its region's language. */
export function tfaUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, '2factorauth+twofactorauth');
  if (!repo) return [];
  const licence = 'MIT (2factorauth/twofactorauth)';
  const found: SiteUrl[] = [];
  for (const entry of tfaEntries(repo.dir)) {
    if (!entry.domain) continue;
    for (const page of [entry.documentation, entry.recovery])
      if (page && URL.canParse(page)) found.push({ url: page, family: 'tfa-help', source: repo.source, licence });
    const region = entry.regions?.find((code) => !code.startsWith('-') && SIGN_IN_BY_REGION[code]);
    const paths = region ? SIGN_IN_BY_REGION[region]! : SIGN_IN_ANYWHERE;
    found.push({
      url: `https://www.${entry.domain}${pick(paths, entry.domain, 5)}`,
      family: region ? 'tfa-sign-in-pattern-local' : 'tfa-sign-in-pattern',
      source: repo.source,
      licence,
    });
  }
  return found;
}

/** The posts, talks and papers linked from awesome-scalability. */
export function articleUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'binhnguyennus+awesome-scalability');
  if (!repo) return [];
  return markdownLinks(git(repo.dir, ['show', 'HEAD:README.md']))
    .filter((url) => new URL(url).pathname.length > 1)
    .map((url) => ({ url, family: 'article', source: repo.source, licence: 'MIT (awesome-scalability)' }));
}

/** The API documentation pages linked from public-apis. */
export function apiDocUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'public-apis+public-apis');
  if (!repo) return [];
  return markdownLinks(git(repo.dir, ['show', 'HEAD:README.md']))
    .filter((url) => !/github\.com\/public-apis/.test(url))
    .map((url) => ({ url, family: 'api-doc', source: repo.source, licence: 'MIT (public-apis)' }));
}

/** The small personal sites of 512kb.club, their front page and one post-like path. */
export function personalSiteUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'kevquirk+512kb.club');
  if (!repo) return [];
  const licence = 'MIT (512kb.club)';
  const found: SiteUrl[] = [];
  for (const match of git(repo.dir, ['show', 'HEAD:_data/sites.yml']).matchAll(/^\s+url:\s*(\S+)/gm)) {
    if (!URL.canParse(match[1]!)) continue;
    const home = new URL(match[1]!);
    found.push({ url: home.href, family: 'personal-site', source: repo.source, licence });
    found.push({ url: `${home.origin}${pick(POST_PATHS, home.host, 3)}`, family: 'personal-site-pattern', source: repo.source, licence });
  }
  return found;
}

/** Norway's municipalities, their front page and one page in Norwegian. */
export function norwegianMunicipalityUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'boyum+green-municipalities');
  if (!repo) return [];
  const licence = 'Apache-2.0 (boyum/green-municipalities)';
  const found: SiteUrl[] = [];
  for (const match of git(repo.dir, ['show', 'HEAD:src/_utils/all-municipalities.ts']).matchAll(/url:\s*"([^"]+)"/g)) {
    if (!URL.canParse(match[1]!)) continue;
    const home = new URL(match[1]!);
    found.push({ url: home.href, family: 'municipality-no', source: repo.source, licence });
    found.push({
      url: `${home.origin}${pick(NORWEGIAN_PAGES, home.host, 9)}`,
      family: 'municipality-no-pattern',
      source: repo.source,
      licence,
    });
  }
  return found;
}

/**
 * The probe half of a registrable domain: `dev` may be read to find the causes of false alarms,
 * `check` is only counted (FNV-1a with a salt of its own, so it cuts across the corpus's split).
 */
export function probeHalf(domain: string): 'dev' | 'check' {
  let hash = 0x9e37_79b9;
  for (let i = 0; i < domain.length; i++) hash = Math.imul(hash ^ domain.charCodeAt(i), 16_777_619);
  return (hash >>> 0) % 2 === 0 ? 'dev' : 'check';
}

/** Every probe family. */
export function probeUrls(root = MIRRORS): SiteUrl[] {
  return [
    ...tfaUrls(root),
    ...articleUrls(root),
    ...apiDocUrls(root),
    ...personalSiteUrls(root),
    ...norwegianMunicipalityUrls(root),
    ...orgProbeUrls(root),
    ...hostingProbeUrls(root),
    ...serviceProbeUrls(root),
    ...freshProbeUrls(root),
    ...thirdProbeUrls(root),
    ...fourthProbeUrls(root),
    ...fifthProbeUrls(root),
    ...sixthProbeUrls(root),
    ...seventhProbeUrls(root),
    ...eighthProbeUrls(root),
    ...ninthProbeUrls(root),
    ...tenthProbeUrls(root),
    ...eleventhProbeUrls(root),
    ...twelfthProbeUrls(root),
    ...thirteenthProbeUrls(root),
    ...fourteenthProbeUrls(root),
  ];
}
