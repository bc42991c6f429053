/**
 * Added latency of the extended checks: each fixture site scanned with no extended group, each
 * group alone and all four, plus the one-off cost of loading the bundled data and the per-lookup
 * cost of the IP data. Run: `npm run bench:extended -- [iterations]`; writes results.md beside this file.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AdditionalCheckCode } from '@riskscan/contracts';
import { bundledFingerprints, bundledKnownVulnerabilities, locateIp, lookupAsn, scan } from '@riskscan/scanner';
import { startFixtureWorld, startPassiveDnsServer, startRdapRegistry } from '@riskscan/scanner/testing';

const iterations = Number(process.argv[2] ?? 10);
const loadAtStart = os.loadavg()[0] ?? 0;
const WARM_UP = 2;
const SITES = [
  'daily-metro-news.com',
  'sunny-garden-blog.com',
  'northwind-outfitters.com',
  'paypal.com.account-verify-center.net',
  'pixelforge.app',
  'lakeside-campground.com',
];
const VARIANTS: { label: string; checks: Partial<Record<AdditionalCheckCode, boolean>> }[] = [
  { label: 'none', checks: {} },
  { label: 'dns (+RDAP)', checks: { dns_checks: true } },
  { label: 'ip', checks: { ip_checks: true } },
  { label: 'webtech', checks: { webtech_check: true } },
  { label: 'links', checks: { page_checks: true } },
  { label: 'all', checks: { dns_checks: true, ip_checks: true, webtech_check: true, page_checks: true } },
];

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const format = (ms: number) => ms.toFixed(1);
const megabytes = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function timed<T>(work: () => Promise<T> | T): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// One-off loads, measured first in a fresh process.
const rssBefore = process.memoryUsage().rss;
const loads = [
  { what: 'AS table, IPv4 (CSV parse)', ms: await timed(() => lookupAsn('8.8.8.8')) },
  { what: 'AS table, IPv6 (CSV parse)', ms: await timed(() => lookupAsn('2001:4860:4860::8888')) },
  { what: 'DB-IP City, IPv4 MMDB open', ms: await timed(() => locateIp('8.8.8.8')) },
  { what: 'DB-IP City, IPv6 MMDB open', ms: await timed(() => locateIp('2001:4860:4860::8888')) },
  { what: 'Web technology fingerprints (parse + compile)', ms: await timed(() => bundledFingerprints()) },
  { what: 'Known-vulnerable versions list (parse)', ms: await timed(() => bundledKnownVulnerabilities()) },
];
const rssAfter = process.memoryUsage().rss;

// Per-lookup cost once loaded, over addresses spread across the IPv4 space.
const LOOKUPS = 20_000;
const addresses = Array.from(
  { length: LOOKUPS },
  (_, index) => `${((index * 37) % 223) + 1}.${(index * 11) % 256}.${(index * 7) % 256}.${index % 256}`,
);
const asnMs = await timed(async () => {
  for (const address of addresses) await lookupAsn(address);
});
const geoMs = await timed(async () => {
  for (const address of addresses) await locateIp(address);
});

const world = await startFixtureWorld();
const registry = await startRdapRegistry(
  SITES.map((name) => ({ name, registered: '2020-01-01T00:00:00Z', expires: '2030-01-01T00:00:00Z' })),
);
const PDNS_CREDENTIALS = { username: 'bench', password: 'bench-secret' };
const pdns = await startPassiveDnsServer(
  {
    '127.0.0.1': Array.from({ length: 200 }, (_, index) => ({
      rrname: `site-${index}.example`,
      rrtype: 'A',
      rdata: '127.0.0.1',
      time_first: 1_700_000_000,
      time_last: 1_763_000_000 + index,
      count: 1,
    })),
  },
  PDNS_CREDENTIALS,
);
const medians = new Map<string, number[]>();
const rows: string[] = [];
try {
  for (const host of SITES) {
    const cells: string[] = [];
    for (const variant of VARIANTS) {
      const times: number[] = [];
      for (let run = 0; run < WARM_UP + iterations; run++) {
        const elapsed = await timed(() =>
          scan(`https://${host}/`, {
            ...world.scanOptions,
            extendedChecks: variant.checks,
            rdapBootstrapUrl: registry.bootstrapUrl,
            reverseIpLookup: async () => ['neighbour-one.example', 'neighbour-two.example'],
            passiveDns: { url: pdns.url, ...PDNS_CREDENTIALS },
          }),
        );
        if (run >= WARM_UP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      medians.set(variant.label, [...(medians.get(variant.label) ?? []), p50]);
      cells.push(format(p50));
    }
    rows.push(`| ${host} | ${cells.join(' | ')} |`);
    console.log(host, cells.join(' '));
  }
} finally {
  await Promise.all([world.close(), registry.close(), pdns.close()]);
}
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const baseline = mean(medians.get('none') ?? [0]);

const cpus = os.cpus();
const report = [
  '# Extended checks benchmark: added latency',
  '',
  `Recorded ${new Date().toISOString().slice(0, 10)} with \`npm run bench:extended -- ${iterations}\` (${iterations} timed scans per site and variant after ${WARM_UP} warm-up scans).`,
  '',
  `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}. The cores are shared with other work (1-minute load average ${loadAtStart.toFixed(1)} at start), so treat single numbers as noisy.`,
  '',
  'Scans run against the loopback fixture sites and DNS server; RDAP answers from a local registry (bootstrap cached after the first scan); reverse-IP is a constant in-process function plus a passive-DNS request to a local COF stand-in (Basic auth, 200 records) through the egress guard. The fixture sites live on 127.0.0.1, so the IP group finds no AS or location there: its per-lookup cost is measured separately below.',
  '',
  '## One-off data loading (first use in a process)',
  '',
  '| data | ms |',
  '| --- | ---: |',
  ...loads.map((load) => `| ${load.what} | ${format(load.ms)} |`),
  '',
  `Resident memory grew by ${megabytes(rssAfter - rssBefore)} MiB over these loads: the two MMDB files (134 MB) are held in memory, and the CSV text parsed into the AS table is garbage not yet returned to the system.`,
  '',
  `Lookups once loaded: ${LOOKUPS} AS lookups in ${format(asnMs)} ms (${format((asnMs / LOOKUPS) * 1000)} µs each); ${LOOKUPS} geolocations in ${format(geoMs)} ms (${format((geoMs / LOOKUPS) * 1000)} µs each).`,
  '',
  '## Scan time p50 (ms) by extended groups requested',
  '',
  'The webtech group includes matching the detected versions against the known-vulnerable list (lakeside-campground.com loads old jQuery and Bootstrap).',
  '',
  `| site | ${VARIANTS.map((variant) => variant.label).join(' | ')} |`,
  `| --- | ${VARIANTS.map(() => '---:').join(' | ')} |`,
  ...rows,
  `| **mean of p50** | ${VARIANTS.map((variant) => `**${format(mean(medians.get(variant.label) ?? [0]))}**`).join(' | ')} |`,
  `| **added vs none** | ${VARIANTS.map((variant) => `${format(mean(medians.get(variant.label) ?? [0]) - baseline)}`).join(' | ')} |`,
  '',
];
writeFileSync(fileURLToPath(new URL('./results.md', import.meta.url)), report.join('\n'));
console.log(report.join('\n'));
