/**
 * The key a URL is matched on: host, non-default port, path and query, without scheme and
 * fragment. Feeds list the same page under http and https, so the scheme does not count.
 */
export function urlKey(url: URL): string {
  const host = url.hostname.replace(/\.$/, '');
  return `${host}${url.port ? `:${url.port}` : ''}${url.pathname}${url.search}`;
}

/** Parses a feed's URL; feeds often list bare `host/path` entries without a scheme. */
export function parseFeedUrl(raw: string): URL | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  return url.hostname === '' ? null : url;
}
