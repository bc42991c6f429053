import { FREE_HOSTING, freeHostingPlatform } from './free-hosting.ts';
import { SHORTENERS } from './shorteners.ts';

/**
 * Well-known domains and hosts where anyone can publish a page, a form, a document or a file, or
 * that only redirect: a phishing page on them is the tenant's, so they never vouch for the URLs
 * they serve.
 */
export const USER_CONTENT_HOSTS: ReadonlySet<string> = new Set([
  ...FREE_HOSTING,
  ...SHORTENERS,
  'dropboxusercontent.com',
  'forms.gle',
  'githubusercontent.com',
  'googleusercontent.com',
  'jotform.com',
  'typeform.com',
  'windows.net',
]);

/**
 * Hosts on big providers' own domains where anyone publishes a page, form, document or file, and
 * gateways that serve anyone's content: the rest of the provider's domain stays trusted.
 */
// prettier-ignore
export const SHARED_CONTENT_HOSTS: ReadonlySet<string> = new Set([
  'docs.google.com', 'drive.google.com', 'script.google.com', 'storage.googleapis.com', 'firebasestorage.googleapis.com',
  'forms.office.com', 'sharepoint.com', 'onedrive.live.com', 'dropbox.com', 'doc.clickup.com', 'sharing.clickup.com',
  'glideapp.io', 'glide.page', 'canva.site', 'my.canva.site', 'wixstudio.com', 'webflow.io', 'framer.website', 'linktr.ee',
  'ipfs.io', 'dweb.link', 'cloudflare-ipfs.com', 'gateway.pinata.cloud', 'nftstorage.link', 'w3s.link', 'ipfs.w3s.link',
  'translate.goog', 'r2.dev', 'backblazeb2.com', 'digitaloceanspaces.com', 'pantheonsite.io', 'ewp.live',
  's3.amazonaws.com', 'blob.core.windows.net', 'herokuapp.com', 'formstack.com', 'surveymonkey.com', 'zohopublic.com',
  // anonymous publishing, raw files of code hosts, bot interfaces, mailing-list pages (issue 35)
  'telegra.ph', 'graph.org', 'teletype.in', 'raw.githubusercontent.com', 'gist.github.com', 'gist.githubusercontent.com',
  'gitlab.io', 'bitbucket.io', 'codeberg.page', 'api.telegram.org', 'mailchi.mp', 'list-manage.com', 'pastebin.com',
  'write.as', 'notion.site', 'hackmd.io', 'paste.ee', 'rentry.co',
  // hosting providers' staging and preview hosts: a site before it has a name of its own
  'myftpupload.com', 'wpcomstaging.com', 'hostingersite.com', 'wpenginepowered.com', 'wpengine.com', 'kinsta.cloud',
  'cloudwaysapps.com', 'mystagingwebsite.com', 'sg-host.com', 'temp.domains', 'instawp.xyz', 'onrocket.site', 'azurefd.net',
]);

/** Whether a host is a user-content platform's own host, where the path names the tenant (`telegra.ph`, `docs.google.com`). */
export function isPlatformHost(host: string): boolean {
  return USER_CONTENT_HOSTS.has(host) || SHARED_CONTENT_HOSTS.has(host);
}

/** Whether a host is, or is a tenant of, a user-content host (`victim.blogspot.com`, `sites.google.com`). */
export function isUserContentHost(host: string): boolean {
  if (USER_CONTENT_HOSTS.has(host) || SHARED_CONTENT_HOSTS.has(host)) return true;
  let dot = host.indexOf('.');
  while (dot !== -1) {
    const rest = host.slice(dot + 1);
    if (USER_CONTENT_HOSTS.has(rest) || SHARED_CONTENT_HOSTS.has(rest)) return true;
    dot = host.indexOf('.', dot + 1);
  }
  return freeHostingPlatform(host) !== null;
}
