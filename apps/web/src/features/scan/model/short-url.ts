/**
 * A board label for a URL that still tells rows apart when space is short: no scheme or `www.`,
 * and when too long the host's start and the address's end around an ellipsis (the full URL is
 * the link's title). Cutting only the end left every row of a test server as `http://127.0.0…`.
 */
export function shortUrl(url: string, max = 40): string {
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  if (bare.length <= max) return bare;
  const slash = bare.indexOf('/');
  const host = slash === -1 ? bare : bare.slice(0, slash);
  const TAIL_MIN = 14;
  const head = host.slice(0, max - TAIL_MIN - 1);
  return `${head}…${bare.slice(-(max - head.length - 1))}`;
}
