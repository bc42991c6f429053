import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * Honest sign-in and account pages of organisations outside the brand catalogue, on their own
 * unknown hosts, and article links with dated slugs (issue 35, session 12): the corpus's only honest
 * sign-in paths were the builder's university and town patterns, so `/login`-like paths and quiet
 * hosts' n-grams learned the rest from phishing kits. Each host is one a public list records; each
 * path is one its software really serves (nothing is made up beyond that pairing):
 *
 * - `signin-misskey`: joinmisskey/api `data/instances.yml` (MIT), the Misskey servers joinmisskey
 *   lists, at their home page and two of the account pages Misskey's web client routes
 *   (`packages/frontend/src/router.definition.ts`: `/settings/security`, `/settings/profile`...);
 * - `signin-gitlab`: martok/palefill `lib/builtin-gitlabs.js` (MPL-2.0), self-hosted GitLab servers,
 *   at their home page, `/users/sign_in` and `/users/password/new`;
 * - `article-jser`: the links of the JSer.info weekly posts that jser/dataset keeps as its parser's
 *   test fixtures (`packages/@jser/post-parser/test/jser.github.io/*.md`, MIT code, the dataset's
 *   data CC BY 4.0): articles, release notes and docs pages with their real slugs.
 *
 * None is a probe source (`probe-*.ts`), and domains the probe reads are left out by the builder.
 */
const MISSKEY_ACCOUNT_PATHS = [
  '/settings/security',
  '/settings/profile',
  '/settings/email',
  '/settings/privacy',
  '/settings/accounts',
  '/my/notifications',
  '/my/drive',
  '/reset-password',
  '/about',
  '/explore',
];
const GITLAB_ACCOUNT_PATHS = ['/users/sign_in', '/users/password/new'];

/** A fixed pick of `count` paths for a host, so a rebuild writes the same rows. */
export function pathsFor(host: string, paths: readonly string[], count: number): string[] {
  let hash = 2166136261;
  for (const char of host) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return Array.from({ length: count }, (_, i) => paths[(hash + i * 7) % paths.length]!).filter((path, i, all) => all.indexOf(path) === i);
}

export function signInPageUrls(root = MIRRORS): SiteUrl[] {
  const found: SiteUrl[] = [];
  const misskey = snapshot(root, 'joinmisskey+api');
  if (misskey) {
    const licence = 'MIT (joinmisskey/api)';
    const text = git(misskey.dir, ['show', 'HEAD:data/instances.yml']);
    for (const match of text.matchAll(/^- url:\s*['"]?([a-z0-9.-]+\.[a-z0-9-]+)['"]?\s*$/gim)) {
      const host = match[1]!.toLowerCase();
      for (const path of ['/', ...pathsFor(host, MISSKEY_ACCOUNT_PATHS, 2)])
        found.push({ url: `https://${host}${path}`, family: 'signin-misskey', source: misskey.source, licence });
    }
  }
  const gitlab = snapshot(root, 'martok+palefill');
  if (gitlab) {
    const licence = 'MPL-2.0 (martok/palefill)';
    const text = git(gitlab.dir, ['show', 'HEAD:lib/builtin-gitlabs.js']);
    const list = text.slice(text.indexOf('String.raw`') + 11, text.lastIndexOf('`'));
    for (const host of list.split('\n').map((line) => line.trim().toLowerCase())) {
      if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) || host === 'gitlab.com') continue;
      for (const path of ['/', ...GITLAB_ACCOUNT_PATHS])
        found.push({ url: `https://${host}${path}`, family: 'signin-gitlab', source: gitlab.source, licence });
    }
  }
  return found;
}

export function jserArticleUrls(root = MIRRORS): SiteUrl[] {
  const jser = snapshot(root, 'jser+dataset');
  if (!jser) return [];
  const folder = 'packages/@jser/post-parser/test/jser.github.io';
  const files = git(jser.dir, ['ls-tree', '-r', '--name-only', 'HEAD', folder])
    .split('\n')
    .filter((file) => file.endsWith('.md'));
  const text = git(jser.dir, ['show', ...files.map((file) => `HEAD:${file}`)]);
  const licence = 'CC BY 4.0 (jser/dataset data; MIT code)';
  const found: SiteUrl[] = [];
  for (const match of text.matchAll(/\]\((https?:\/\/[^)\s]+)[)\s]/g)) {
    if (!URL.canParse(match[1]!)) continue;
    const url = new URL(match[1]!);
    if (url.pathname === '/' || /(^|\.)jser\.(info|github\.io)$/.test(url.hostname)) continue;
    found.push({ url: url.href, family: 'article-jser', source: jser.source, licence });
  }
  return found;
}
