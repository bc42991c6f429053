/** Benign destinations of an office's proxy log: famous sites and ordinary small ones, login pages included. */
export const BENIGN_HOSTS = [
  'www.google.com',
  'fonts.gstatic.com',
  'www.wikipedia.org',
  'github.com',
  'login.microsoftonline.com',
  'www.paypal.com',
  'www.chase.com',
  'outlook.office365.com',
  'sunny-garden-blog.com',
  'bakery-mueller.de',
  'intranet-portal.example.org',
  'cdn.jsdelivr.net',
  'weather-station-network.net',
  'shop.bike-parts-online.co.uk',
  'accounts.craft-supplies.example',
  'support.small-saas.example',
  'news.ycombinator.com',
  'www.bbc.co.uk',
  'api.stripe.com',
  'update.example-software.com',
];

/** Look-alike and lure hosts the URL verdict catches on its own. */
export const LOOKALIKE_HOSTS = ['paypal-account-verify.xyz', 'login.microsoftonline.com.secure-auth.top', 'chase-online-update.info'];

/** A host only a reputation feed knows about (its name says nothing). */
export const FEED_LISTED_HOST = 'cdn-assets-delivery.example-net.com';

function squidLine(time: number, client: string, method: string, url: string, status: number): string {
  const bytes = 300 + ((time * 7) % 90_000);
  const hierarchy = method === 'CONNECT' ? 'HIER_DIRECT/203.0.113.10' : 'HIER_DIRECT/198.51.100.20';
  const type = method === 'CONNECT' ? '-' : 'text/html';
  return `${time.toFixed(3)}    ${120 + (time % 900)} ${client} TCP_MISS/${status} ${bytes} ${method} ${url} - ${hierarchy} ${type}`;
}

/**
 * A Squid native access log of `lines` visits: every `badEvery`-th visit goes to a bad host, the
 * rest spread over the benign ones, with CONNECT tunnels, paths and query strings as real logs have.
 */
export function squidLog(
  lines: number,
  options: { badHosts: string[]; badEvery?: number; start?: number; benignHosts?: string[] },
): string {
  const badEvery = options.badEvery ?? 250;
  const benign = options.benignHosts ?? BENIGN_HOSTS;
  const out: string[] = [];
  let time = options.start ?? 1_763_980_000;
  for (let i = 0; i < lines; i++) {
    time += 0.137;
    const client = `10.20.${(i % 7) + 1}.${(i % 200) + 10}`;
    const bad = i % badEvery === badEvery - 1;
    const host = bad ? options.badHosts[((i / badEvery) % options.badHosts.length) | 0]! : benign[(i * 31) % benign.length]!;
    if (i % 3 === 0) out.push(squidLine(time, client, 'CONNECT', `${host}:443`, 200));
    else
      out.push(
        squidLine(time, client, i % 5 === 0 ? 'POST' : 'GET', `http://${host}/${i % 4 === 0 ? 'login' : 'assets/app.js'}?v=${i % 97}`, 200),
      );
  }
  return `${out.join('\n')}\n`;
}
