/** Link shorteners: the address says nothing about where it leads. */
// prettier-ignore
export const SHORTENERS: ReadonlySet<string> = new Set([
  'bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'buff.ly', 'cutt.ly', 'rebrand.ly', 'shorturl.at', 'tiny.cc',
  'rb.gy', 's.id', 'v.gd', 'bl.ink', 'short.io', 't.ly', 'qrco.de', 'lnkd.in', 'rebrandly.com', 'shorte.st', 'adf.ly',
  'tiny.one', 'u.to', 'clck.ru', 'x.gd', 'l.ead.me', 'urlz.fr', 'shrtco.de', 'surl.li', 'linktr.ee', 'did.li',
]);

/** Whether a host (with or without `www.`) is a link shortener. */
export function isShortener(host: string): boolean {
  return SHORTENERS.has(host.startsWith('www.') ? host.slice(4) : host);
}
