import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Where the benign URLs with real paths come from. Every source is a file on this machine or in
 * this repository; nothing is downloaded. Each harvested URL keeps its source and licence.
 */
export type BenignUrl = { url: string; source: string; licence: string };

const URL_PATTERN = /https?:\/\/[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,}(?::\d+)?(?:\/[A-Za-z0-9._~:/?#@!$&*+,;=%-]*)?/g;
// Licences whose packages' documentation we read URLs from (SPDX ids as package.json writes them).
const PERMISSIVE =
  /^(\(?(MIT|ISC|Apache-2\.0|BSD-2-Clause|BSD-3-Clause|0BSD|CC0-1\.0|Unlicense|BlueOak-1\.0\.0|Python-2\.0|CC-BY-4\.0)( OR |\)?$))+/;

/** Trailing punctuation that belongs to the sentence around a URL, not to the URL. */
function trimUrl(raw: string): string {
  return raw.replace(/[.,;:!?*'")\]]+$/, '');
}

function urlsIn(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => trimUrl(match[0]));
}

/** URLs in the READMEs, changelogs and docs of installed npm packages under permissive licences. */
export function nodeModulesUrls(root: string): BenignUrl[] {
  const found: BenignUrl[] = [];
  const packageDirs: string[] = [];
  const modules = join(root, 'node_modules');
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) for (const inner of readdirSync(join(modules, name))) packageDirs.push(join(modules, name, inner));
    else packageDirs.push(join(modules, name));
  }
  for (const dir of packageDirs) {
    let licence: string;
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      licence = typeof manifest.license === 'string' ? manifest.license : '';
    } catch {
      continue;
    }
    if (!PERMISSIVE.test(licence)) continue;
    const name = String(manifest.name ?? dir);
    const texts = [JSON.stringify({ homepage: manifest.homepage, bugs: manifest.bugs, repository: manifest.repository })];
    for (const file of readdirSync(dir)) if (/\.(md|markdown|txt)$/i.test(file)) texts.push(readFileSync(join(dir, file), 'utf8'));
    for (const text of texts) for (const url of urlsIn(text)) found.push({ url, source: `npm:${name}`, licence });
  }
  return found;
}

/** URLs in Debian's package documentation (`/usr/share/doc`: copyright files, READMEs, changelogs). */
export function debianDocUrls(root = '/usr/share/doc'): BenignUrl[] {
  if (!existsSync(root)) return [];
  const found: BenignUrl[] = [];
  for (const pkg of readdirSync(root)) {
    const dir = join(root, pkg);
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      const path = join(dir, file);
      try {
        if (!statSync(path).isFile() || statSync(path).size > 2_000_000) continue;
        const raw = readFileSync(path);
        const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
        for (const url of urlsIn(text))
          found.push({ url, source: `debian-doc:${pkg}`, licence: `Debian package documentation (see /usr/share/doc/${pkg}/copyright)` });
      } catch {
        continue;
      }
    }
  }
  return found;
}

// What real sign-in, account, help and documentation pages of services are called. Used for the
// brands' own domains, their country and sister domains and their help-desk tenants.
// prettier-ignore
export const SERVICE_PATHS = [
  '/', '/login', '/signin', '/sign-in', '/account', '/account/login', '/myaccount', '/account/security', '/settings/security',
  '/help', '/help/contact', '/support', '/support/contact-us', '/en-us/help', '/en/support/account', '/customer-service',
  '/help/article/how-to-reset-your-password', '/security/two-step-verification', '/help/verify-your-identity',
  '/docs', '/docs/getting-started', '/docs/api/authentication', '/developers/docs', '/legal/privacy', '/privacy-policy',
  '/terms', '/about', '/contact', '/careers', '/status', '/blog', '/news', '/pricing', '/download', '/app',
  '/auth/login?redirect=%2Fdashboard', '/login?next=/account', '/oauth/authorize?client_id=web', '/password/reset',
  '/accounts/recovery', '/track?number=', '/tracking', '/billing', '/billing/invoices', '/payments/methods',
  '/en-gb/', '/de-de/', '/fr/', '/es-es/ayuda', '/pt-br/ajuda', '/nl/klantenservice', '/it/assistenza',
];

// Help-desk, documentation, status and hiring platforms that give each customer a tenant host
// named after it (`<brand>.zendesk.com/hc/...`): the brand's name there is its own.
// prettier-ignore
export const SAAS_TENANT_HOSTS: { host: string; paths: string[] }[] = [
  { host: 'custhelp.com', paths: ['/app/answers/detail/a_id/1234', '/app/ask', '/app/home', '/app/answers/list'] },
  { host: 'zendesk.com', paths: ['/hc/en-us', '/hc/en-us/articles/360001234567-Reset-your-password', '/hc/en-us/requests/new', '/hc/en-us/sections/115000123456-Account'] },
  { host: 'freshdesk.com', paths: ['/support/home', '/support/solutions/articles/48000012345-how-do-i-verify-my-account', '/support/tickets/new'] },
  { host: 'atlassian.net', paths: ['/wiki/spaces/DOCS/overview', '/servicedesk/customer/portal/1', '/jira/software/projects', '/wiki/home'] },
  { host: 'service-now.com', paths: ['/sp', '/csm?id=kb_article&sys_id=abc123', '/esc'] },
  { host: 'helpscoutdocs.com', paths: ['/', '/article/42-two-factor-authentication', '/category/7-account'] },
  { host: 'intercom.help', paths: ['/en/', '/en/articles/1234567-how-to-log-in', '/en/collections/98765-account-and-billing'] },
  { host: 'readthedocs.io', paths: ['/en/latest/', '/en/stable/installation.html', '/en/latest/authentication.html'] },
  { host: 'statuspage.io', paths: ['/', '/history', '/incidents/abc123xyz'] },
  { host: 'myworkdayjobs.com', paths: ['/en-US/careers', '/en-US/External/login'] },
  { host: 'kb.io', paths: ['/', '/article/security'] },
  { host: 'helpjuice.com', paths: ['/', '/en_US/account/reset-password'] },
];

/** The lines of a hand-written list (comments and blanks dropped). */
export function readList(file: URL): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
