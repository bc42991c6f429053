/**
 * Click-through wrappers that carry their destination in the address itself: search engines,
 * mail security gateways' link rewriting, webmail's redirect pages, social networks' and ad
 * networks' click trackers. A wrapped link is judged as where it leads (issue 41). Mimecast's
 * `/s/` tokens keep the path opaque but name the destination's host in `domain`: the link is
 * judged as that host.
 */
type Wrapper = { host: RegExp; path: RegExp; destination(url: URL): string | null };

const param = (name: string) => (url: URL) => url.searchParams.get(name);

/** Bing's `u` is `a1` and the destination in base64url. */
function bingDestination(url: URL): string | null {
  const u = url.searchParams.get('u');
  if (!u?.startsWith('a1')) return null;
  return Buffer.from(u.slice(2), 'base64url').toString('utf8');
}

/** Proofpoint URL Defense v2: `u` with `-` for `%` and `_` for `/`. */
function proofpointV2(url: URL): string | null {
  const u = url.searchParams.get('u');
  if (!u) return null;
  try {
    return decodeURIComponent(u.replaceAll('-', '%').replaceAll('_', '/'));
  } catch {
    return null;
  }
}

/** Proofpoint URL Defense v3: the destination between `/v3/__` and `__;`. */
function proofpointV3(url: URL): string | null {
  return /^\/v3\/__(.+?)__;/.exec(url.pathname + url.search)?.[1] ?? null;
}

/** A host name as a wrapper states it (`domain=example.com`), as the address of its home page. */
function hostOnly(name: string) {
  return (url: URL): string | null => {
    const host = url.searchParams.get(name);
    return host && /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i.test(host) ? `https://${host}/` : null;
  };
}

/** Sophos Email's `u` is the destination in base64. */
function sophosDestination(url: URL): string | null {
  const u = url.searchParams.get('u');
  return u ? Buffer.from(u, 'base64').toString('utf8') : null;
}

/** Cisco Secure Email rewrites to `/<token>/<destination, percent-encoded>`. */
function ciscoDestination(url: URL): string | null {
  const encoded = /^\/[^/]+\/(https?%3A.+)$/i.exec(url.pathname)?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

const WRAPPERS: Wrapper[] = [
  { host: /^(?:www\.)?google\.[a-z.]+$/, path: /^\/url$/, destination: (url) => param('q')(url) ?? param('url')(url) },
  { host: /^(?:www\.)?bing\.com$/, path: /^\/ck\/a$/, destination: bingDestination },
  { host: /\.safelinks\.protection\.outlook\.com$/, path: /^\/$/, destination: param('url') },
  { host: /^urldefense\.proofpoint\.com$/, path: /^\/v2\/url$/, destination: proofpointV2 },
  { host: /^urldefense\.com$/, path: /^\/v3\//, destination: proofpointV3 },
  { host: /^l\.facebook\.com$|^lm\.facebook\.com$/, path: /^\/l\.php$/, destination: param('u') },
  { host: /^(?:www\.)?youtube\.com$/, path: /^\/redirect$/, destination: param('q') },
  { host: /^(?:www\.)?linkedin\.com$/, path: /^\/redir\/redirect/, destination: param('url') },
  { host: /^ad\.doubleclick\.net$|^adclick\.g\.doubleclick\.net$/, path: /^\/(?:ddm\/clk|pcs\/click)/, destination: param('adurl') },
  { host: /^(?:www\.)?googleadservices\.com$/, path: /^\/pagead\/aclk$/, destination: param('adurl') },
  // Mail security gateways: Mimecast, Barracuda, Trend Micro, Sophos, Cisco.
  { host: /^(?:protect|url)[a-z0-9.-]*\.mimecast(?:protect)?\.com$/, path: /^\/s\//, destination: hostOnly('domain') },
  { host: /^linkprotect\.cudasvc\.com$/, path: /^\/url$/, destination: param('a') },
  { host: /\.trendmicro\.com$/, path: /^\/wis\/clicktime\/v1\/query$/, destination: param('url') },
  { host: /\.protection\.sophos\.com$/, path: /^\/$/, destination: sophosDestination },
  { host: /^secure-web\.cisco\.com$/, path: /^\/[^/]+\/https?%3A/i, destination: ciscoDestination },
  // Outlook on the web's redirect page, on any organisation's own webmail host.
  { host: /./, path: /^\/owa\/redir\.aspx$/i, destination: (url) => param('URL')(url) ?? param('url')(url) },
];

const MAX_LAYERS = 3;

/**
 * Where a wrapped link leads (a gateway's rewrite of a search engine's redirect is unwrapped
 * layer by layer), or null when `url` is no known wrapper or its destination is not a web address.
 */
export function unwrapRedirect(url: URL): URL | null {
  let current = url;
  let unwrapped: URL | null = null;
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const wrapper = WRAPPERS.find((candidate) => candidate.host.test(current.hostname) && candidate.path.test(current.pathname));
    const destination = wrapper?.destination(current);
    if (!destination || !URL.canParse(destination)) break;
    const next = new URL(destination);
    if (next.protocol !== 'http:' && next.protocol !== 'https:') break;
    unwrapped = current = next;
  }
  return unwrapped;
}
