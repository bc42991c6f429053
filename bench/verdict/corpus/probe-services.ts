import { isPlatformHost } from '@riskscan/scanner';
import { git, MIRRORS, pick, type SiteUrl, snapshot, tfaEntries } from './site-sources.ts';

/**
 * Probe families of session 11 (issue 35): the service side and user-content hosts. Read from
 * repository snapshots in `VERDICT_SITE_MIRRORS`; never written to the URL corpus, so nothing
 * trains, calibrates or tunes on them. Each URL records its repository, commit and licence:
 *
 * - `tfa-auth-path-pattern`: the services of 2factorauth/twofactorauth (MIT) on their own domain,
 *   each with one sign-in, single sign-on, two-factor, recovery or API address of the kind such
 *   services run, on the host they usually run it on (`online.<domain>/banking/login.html`,
 *   `<domain>/oauth/authorize?...`, `api.<domain>/v1/...`), by pattern;
 * - `user-content-honest`: links that public lists make to pages and files on user-content
 *   platforms' own hosts (raw files and gists of code hosts, anonymous publishing, shared
 *   documents, link pages), where the path says whose content it is;
 * - `non-latin-path`: links in the same lists whose path is written in a script other than Latin
 *   (Cyrillic, Greek, Chinese, Arabic... titles and folder names, percent-encoded in the URL), at
 *   most two per host.
 */

// Where services put their sign-in, single sign-on, two-factor, recovery and API pages.
// prettier-ignore
const AUTH_ADDRESSES: [string, string][] = [
  ['www.', '/banking/login.html'], ['online.', '/banking/login.html'], ['secure.', '/login'], ['login.', '/'],
  ['auth.', '/login'], ['accounts.', '/signin'], ['id.', '/auth/login'], ['sso.', '/saml/login'],
  ['www.', '/oauth/authorize?response_type=code&client_id=web'], ['auth.', '/oauth2/authorize'],
  ['login.', '/auth/realms/customers/protocol/openid-connect/auth'], ['www.', '/account/security/two-factor'],
  ['www.', '/settings/security/2fa'], ['www.', '/help/two-factor-authentication'], ['support.', '/hc/en-us/articles/two-factor-authentication'],
  ['www.', '/account/recover'], ['www.', '/password/reset'], ['www.', '/login/verify'], ['www.', '/user/login?destination=/account'],
  ['api.', '/v1/'], ['api.', '/v2/users/me'], ['www.', '/api/v1/auth/token'], ['developer.', '/docs/api/authentication'],
  ['www.', '/ebanking/login.aspx'], ['www.', '/customer/account/login/'], ['my.', '/account/login.php'], ['app.', '/signin?next=/dashboard'],
];

/** 2factorauth's services, each with one sign-in, two-factor or API address on its own domain. */
export function authPathUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, '2factorauth+twofactorauth');
  if (!repo) return [];
  const licence = 'MIT (2factorauth/twofactorauth); paths: this repository';
  const found: SiteUrl[] = [];
  for (const { domain } of tfaEntries(repo.dir)) {
    if (!domain || !/^[a-z0-9.-]+$/.test(domain)) continue;
    const [sub, path] = pick(AUTH_ADDRESSES, domain, 11);
    found.push({ url: `https://${sub}${domain}${path}`, family: 'tfa-auth-path-pattern', source: repo.source, licence });
  }
  return found;
}

// The lists read for links to user-content platforms, with their licences.
const LINK_LISTS: [string, string][] = [
  ['plenaryapp+awesome-rss-feeds', 'CC0-1.0 (plenaryapp/awesome-rss-feeds)'],
  ['public-apis+public-apis', 'MIT (public-apis)'],
  ['EbookFoundation+free-programming-books', 'CC BY 4.0 (EbookFoundation/free-programming-books)'],
  ['2factorauth+twofactorauth', 'MIT (2factorauth/twofactorauth)'],
  ['is-a-dev+register', 'MIT (is-a-dev/register)'],
  ['wesbos+awesome-uses', 'no licence file: the addresses are used as facts (wesbos/awesome-uses)'],
  ['emmabostian+developer-portfolios', 'no licence file: the addresses are used as facts (emmabostian/developer-portfolios)'],
  ['yavuz+news-feed-list-of-countries', 'MIT (yavuz/news-feed-list-of-countries)'],
];
const LINK = /https?:\/\/[a-z0-9.-]+\/[^\s)"'<>,\]`]*/gi;

/** Links to pages and files on user-content platforms' own hosts, at most 40 per platform host and list. */
export function userContentUrls(root = MIRRORS): SiteUrl[] {
  const found: SiteUrl[] = [];
  for (const [name, licence] of LINK_LISTS) {
    const repo = snapshot(root, name);
    if (!repo) continue;
    const perHost = new Map<string, number>();
    const text = git(repo.dir, ['grep', '-I', '-h', '-o', '-E', 'https?://[a-z0-9.-]+/[^ )"<>,]*', 'HEAD']);
    for (const link of text.match(LINK) ?? []) {
      const url = link.replace(/^HEAD:/, '').replace(/[.;:]+$/, '');
      if (!URL.canParse(url)) continue;
      const parsed = new URL(url);
      if (!isPlatformHost(parsed.hostname) || parsed.pathname.length <= 1) continue;
      const seen = perHost.get(parsed.hostname) ?? 0;
      if (seen >= 40) continue;
      perHost.set(parsed.hostname, seen + 1);
      found.push({ url, family: 'user-content-honest', source: repo.source, licence });
    }
  }
  return found;
}

// A path with a character of another script than ASCII, raw or percent-encoded as UTF-8.
const NON_LATIN_PATH = /%(?:c[2-9a-f]|d[0-9a-f]|e[0-9a-f])%[89ab][0-9a-f]|[^ -~]/i;

/** Links whose path is written in another script, at most two per host. */
export function nonLatinPathUrls(root = MIRRORS): SiteUrl[] {
  const found: SiteUrl[] = [];
  const perHost = new Map<string, number>();
  for (const [name, licence] of LINK_LISTS) {
    const repo = snapshot(root, name);
    if (!repo) continue;
    const text = git(repo.dir, ['grep', '-I', '-h', '-o', '-P', String.raw`https?://[a-z0-9.-]+/[^\s)"'<>,\]]*`, 'HEAD']);
    for (const link of text.split('\n')) {
      const url = link.replace(/[.;:]+$/, '');
      if (!URL.canParse(url)) continue;
      const parsed = new URL(url);
      if (!NON_LATIN_PATH.test(parsed.pathname)) continue;
      const seen = perHost.get(parsed.hostname) ?? 0;
      if (seen >= 2) continue;
      perHost.set(parsed.hostname, seen + 1);
      found.push({ url: parsed.href, family: 'non-latin-path', source: repo.source, licence });
    }
  }
  return found;
}

/** Every family of this file. */
export function serviceProbeUrls(root = MIRRORS): SiteUrl[] {
  return [...authPathUrls(root), ...userContentUrls(root), ...nonLatinPathUrls(root)];
}
