/**
 * Certificate Transparency reading (issue 39), on this machine's loopback:
 * 1. Leaves decoded and matched in process: RFC 6962 leaves (X.509 and precertificate entries, 1%
 *    of them look-alikes) against 1,000 watched domains, on one core (entries/s).
 * 2. The whole poll: `pollCtLogs` against the stand-in RFC 6962 log (256 entries a request, as
 *    Cloudflare's and DigiCert's logs answer), JSON, base64, decoding, matching and the database
 *    writes of the look-alikes found (entries/s).
 * Run: `npm run bench:ct-log`; writes RESULTS.md beside this file.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import pino from 'pino';
import { createResolver } from '@riskscan/scanner';

const { certificateOf, createTestApp, decodeLeaf, LookalikeMatcher, merkleTreeLeaf, pollCtLogs, startCtLogStandIn, tbsCertificate } =
  await import('@riskscan/server/testing');

const WATCHED = 1000;
const ENTRIES = 100_000;
const POLLED = 50_000;

const words = ['alder', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'indigo', 'juniper'];
const watched = Array.from({ length: WATCHED }, (_, i) => ({
  monitorId: i + 1,
  domain: `${words[i % 10]}${words[Math.floor(i / 10) % 10]}${i}.com`,
  keywords: [],
}));
const matcher = new LookalikeMatcher(watched);

/** Certificates as logs carry them: mostly unrelated sites with a www twin, one in a hundred a look-alike. */
function leaves(count: number): Buffer[] {
  return Array.from({ length: count }, (_, i) => {
    const names =
      i % 100 === 0
        ? [`${watched[i % WATCHED]!.domain.replace('.com', '')}-login.net`]
        : [`shop${i}.example-${i % 97}.org`, `www.shop${i}.example-${i % 97}.org`];
    return i % 2 === 0
      ? merkleTreeLeaf({ tbs: tbsCertificate(names) })
      : merkleTreeLeaf({ certificate: certificateOf(tbsCertificate(names)) });
  });
}

// --- 1. in process ----------------------------------------------------------------------------
const corpus = leaves(ENTRIES);
let found = 0;
const cpuStart = process.cpuUsage();
const started = performance.now();
for (const leaf of corpus) {
  const entry = decodeLeaf(leaf);
  for (const name of entry?.names ?? []) found += matcher.match(name).length;
}
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;

// --- 2. through the poller --------------------------------------------------------------------
const log = await startCtLogStandIn({ maxEntries: 256 });
const testApp = await createTestApp({ SCAN_ALLOW_PRIVATE_NETWORKS: 'true', MONITOR_TICK_SECONDS: '0' });
const deps = {
  db: testApp.app.db,
  log: pino({ level: 'silent' }),
  network: { resolver: createResolver({ servers: [] }), allowPrivateNetworks: true },
  now: () => new Date(),
  matcher: async () => matcher,
  discover: async (names: readonly string[]) => names.map((domain) => ({ monitorId: 1, domain, reason: 'typo' as const })),
};
const settings = { logs: [log.url], batchSize: 256, maxEntriesPerPoll: POLLED };
await pollCtLogs(deps, settings); // starts the log at its (empty) head
log.append(...leaves(POLLED));
const pollStart = performance.now();
const [poll] = await pollCtLogs(deps, settings);
if (poll?.error) throw new Error(`the poll failed: ${poll.error}`);
const pollMs = performance.now() - pollStart;
await testApp.close();
await log.close();

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en-US');
const results = `# Certificate Transparency reading (issue 39)

Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
load average at the end ${os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ')} (other work was running: figures are a floor).
Run: \`npm run bench:ct-log\`, ${new Date().toISOString().slice(0, 10)}.

| what | entries | wall | per second |
| --- | ---: | ---: | ---: |
| decode + match against ${WATCHED.toLocaleString('en-US')} watched domains, one core (CPU time) | ${ENTRIES.toLocaleString('en-US')} | ${Math.round(cpuMs)} ms CPU | ${perSecond(ENTRIES, cpuMs)} |
| the same, wall clock | ${ENTRIES.toLocaleString('en-US')} | ${Math.round(wallMs)} ms | ${perSecond(ENTRIES, wallMs)} |
| whole poll over loopback HTTP (256 a request), PGlite writes | ${poll!.read.toLocaleString('en-US')} | ${Math.round(pollMs)} ms | ${perSecond(poll!.read, pollMs)} |

Look-alikes matched in process: ${found.toLocaleString('en-US')} (one in a hundred certificates is one). Target: at least
5,000 entries per second on one core with 1,000 watched brands.
`;
writeFileSync(new URL('./RESULTS.md', import.meta.url), results);
console.log(results);
