/**
 * Domain monitoring benchmarks (issue 19), both in this process on the machine's loopback:
 * 1. One monitor run through the API over a domain with thousands of look-alikes, against the
 *    loopback DNS server answering a few dozen of them (NS only, so no page is scanned): wall
 *    time and names resolved per second, database writes included.
 * 2. Certificate matching: certificate names against 1,000 monitors at once (certificates/s).
 * Run: `npm run bench:monitoring`; writes RESULTS.md beside this file.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { generateLookalikes } from '@riskscan/scanner';
import { startLoopbackDns } from '@riskscan/scanner/testing';

const { createTestApp, LookalikeMatcher, signedInUser } = await import('@riskscan/server/testing');

const WATCHED = 'pixelforge.app';
const REGISTERED = 40;
const MONITORS = 1000;
const CERTIFICATES = 50_000;

// --- 1. one run ---------------------------------------------------------------------------
const names = [...generateLookalikes(WATCHED)];
const registered = names.filter((_, index) => index % Math.floor(names.length / REGISTERED) === 0).slice(0, REGISTERED);
const dns = await startLoopbackDns(
  Object.fromEntries(registered.map((name) => [name.domain, { records: [{ type: 'NS', ns: 'ns1.parking.example' }] }])),
);
const testApp = await createTestApp({
  SCAN_DNS_SERVERS: dns.server,
  SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
  MONITOR_TICK_SECONDS: '0',
  SCAN_BROWSER: 'false',
});
const owner = await signedInUser(testApp.app);
const monitor = (
  await testApp.app.inject({ method: 'POST', url: '/api/v1/monitors/', headers: owner.headers, payload: { domain: WATCHED } })
).json();
const started = performance.now();
await testApp.app.inject({ method: 'POST', url: `/api/v1/monitors/${monitor.uid}/run/`, headers: owner.headers });
let run;
for (;;) {
  run = (await testApp.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitor.uid}/`, headers: owner.headers })).json().last_run;
  if (run.status === 'done' || run.status === 'failed') break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const runMs = performance.now() - started;
await testApp.close();
await dns.close();
if (run.status !== 'done' || run.found !== registered.length)
  throw new Error(`run ${run.status}, found ${run.found} of ${registered.length}`);

// --- 2. certificate matching ----------------------------------------------------------------
const words = [
  'north',
  'wind',
  'pixel',
  'forge',
  'river',
  'stone',
  'cloud',
  'harbor',
  'maple',
  'orbit',
  'lumen',
  'cedar',
  'atlas',
  'ember',
  'delta',
  'quill',
  'sable',
  'tidal',
  'vivid',
  'zephyr',
];
const suffixes = ['com', 'net', 'io', 'app', 'shop', 'co.uk', 'ch', 'de'];
const watched = Array.from({ length: MONITORS }, (_, index) => {
  const label = `${words[index % words.length]}${words[Math.floor(index / words.length) % words.length]}${index}`;
  return { monitorId: index + 1, domain: `${label}.${suffixes[index % suffixes.length]}`, keywords: [] };
});
const matcher = new LookalikeMatcher(watched);
// Mostly unrelated names, as the stream is; one certificate in fifty imitates a watched domain.
const certificates = Array.from({ length: CERTIFICATES }, (_, index) => {
  if (index % 50 === 0) {
    const target = watched[index % MONITORS]!.domain;
    return [`${target.replace('.', '-login.')}`, `www.${target.replace('.', '-login.')}`];
  }
  const name = `${words[index % 17]}-${(index * 7919).toString(36)}.${suffixes[index % suffixes.length]}`;
  return [name, `www.${name}`];
});
matcher.match('warm-up.example.com');
const matchStarted = performance.now();
let matched = 0;
for (const names of certificates) for (const name of names) matched += matcher.match(name).length;
const matchMs = performance.now() - matchStarted;

const results = {
  machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  run: {
    domain: WATCHED,
    names: run.names_total,
    registered: run.found,
    wall_ms: Math.round(runMs),
    names_per_s: Math.round((run.names_total / runMs) * 1000),
  },
  matching: {
    monitors: MONITORS,
    certificates: CERTIFICATES,
    names: CERTIFICATES * 2,
    matched,
    ms: Math.round(matchMs),
    certificates_per_s: Math.round((CERTIFICATES / matchMs) * 1000),
  },
};
console.log(JSON.stringify(results, null, 2));
writeFileSync(
  new URL('RESULTS.md', import.meta.url),
  `# Domain monitoring benchmarks

Measured ${new Date().toISOString().slice(0, 10)} on ${results.machine} (a machine shared with other jobs; \`npm run bench:monitoring\`).

## One run against a loopback DNS server

A monitor of \`${WATCHED}\` checked through the API (PGlite, in-process queue), the loopback DNS server
answering ${REGISTERED} of its look-alikes with name servers only (so no page fetch or scan):
generation, NS/A/AAAA/MX resolution (\`MONITOR_DNS_CONCURRENCY\` 100), recording and the run's progress writes.

| names | registered | wall time | names/s |
| ----- | ---------- | --------- | ------- |
| ${results.run.names} | ${results.run.registered} | ${(results.run.wall_ms / 1000).toFixed(2)} s | ${results.run.names_per_s} |

## Certificate matching against ${MONITORS} monitors

${CERTIFICATES.toLocaleString('en-US')} certificates of two names each (one in fifty imitating a watched domain), matched
against ${MONITORS} watched domains at once by \`LookalikeMatcher\` (skeletons, one-edit neighbourhoods, brand tokens).

| certificates | names | matches | time | certificates/s |
| ------------ | ----- | ------- | ---- | -------------- |
| ${CERTIFICATES} | ${CERTIFICATES * 2} | ${matched} | ${results.matching.ms} ms | ${results.matching.certificates_per_s} |

certstream peaks at a few hundred certificates a second; one core keeps up with that many times over.
`,
);
process.exit(0);
