/**
 * `npm run bench:load -- [seconds per scenario] [connections]`: autocannon against one API process
 * on PostgreSQL (its own database on TEST_POSTGRES_URL), four scenarios of issue 21: the public
 * board, check-url answered from a recent scan, a lookup batch of 100 URLs, sign-in. Writes
 * RESULTS.md beside this file with requests/s, p50/p99 latency and error rates.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

process.env.TEST_DATABASE = 'postgres';
const { BUSINESS_PLAN, createUser, FIXTURE_URL, GOOD_PASSWORD, startScanTestWorld } = await import('@riskscan/server/testing');

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);

// Per-IP request limits would only measure the limiter: the load client is allow-listed, as a monitor would be.
const t = await startScanTestWorld({
  plan: BUSINESS_PLAN,
  env: { RATE_LIMIT_ALLOW_LIST: '127.0.0.1', LOOKUP_BATCH_RATE_LIMIT_MAX: '100000000' },
});
await t.app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const owner = await t.signedInUser();
const auth = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };

// A board worth reading and a recent scan to answer check-url from.
for (let index = 0; index < 30; index++) {
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/scans/',
    headers: auth,
    payload: { url: `${FIXTURE_URL}?page=${index}`, new: true, fastCheck: true },
  });
}
const first = await t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { url: FIXTURE_URL, new: 'true' }, headers: auth });
if (first.statusCode !== 200) throw new Error(`first scan failed: ${first.body}`);
const signInUser = await createUser(t.app);
const batch = Array.from({ length: 100 }, (_, index) => `https://shop-${index}.example-store.com/login?id=${index}`);

type Scenario = { name: string; options: autocannon.Options; note: string };
const scenarios: Scenario[] = [
  { name: 'board', note: '`GET /api/recent-scans/` (public)', options: { url: `${base}/api/recent-scans/` } },
  {
    name: 'check-url (recent scan)',
    note: '`GET /api/v1/check-url/?url=…` reusing a scan of the last 24 h (no quota spent)',
    options: { url: `${base}/api/v1/check-url/?url=${encodeURIComponent(FIXTURE_URL)}`, headers: auth },
  },
  {
    name: 'lookup batch (100 URLs)',
    note: '`POST /api/v1/lookup/` with 100 URLs (verdicts from the URL alone)',
    options: { url: `${base}/api/v1/lookup/`, method: 'POST', headers: auth, body: JSON.stringify({ urls: batch }) },
  },
  {
    name: 'sign-in',
    note: '`POST /api/v1/login/`, right password (argon2id verification per request)',
    options: {
      url: `${base}/api/v1/login/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: signInUser.email, password: GOOD_PASSWORD }),
    },
  },
];

const rows: string[] = [];
for (const scenario of scenarios) {
  const result = await autocannon({ ...scenario.options, connections, duration: seconds });
  const total = result.requests.total || 1;
  const line = `| ${scenario.name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.latency.max} ms | ${((result.non2xx / total) * 100).toFixed(2)} % | ${result.errors} | ${result.timeouts} |`;
  console.log(line);
  rows.push(line);
}

const cpus = os.cpus();
writeFileSync(
  new URL('./RESULTS.md', import.meta.url),
  [
    '# Load scenarios',
    '',
    `Recorded ${new Date().toISOString()} with \`npm run bench:load -- ${seconds} ${connections}\`: autocannon, ${connections} connections, ${seconds} s per scenario,`,
    `against one API process (in-process queue, browser off) on PostgreSQL. Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}),`,
    `shared with other jobs while this ran, so absolute figures are low and noisy; Node ${process.version}.`,
    '',
    ...scenarios.map((scenario) => `- ${scenario.name}: ${scenario.note}`),
    '',
    '| scenario | requests/s (mean) | p50 | p99 | max | non-2xx | errors | timeouts |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    'Sign-in sends one account from one address on every connection: more than five sign-ins of the same account',
    'from the same address in flight at once are counted by the throttle before their password is checked',
    '(docs/decisions/120-sign-in-throttle-claims-attempts.md), so some of them answer 429; that is the non-2xx share.',
    '',
  ].join('\n'),
);
await t.app.close();
await t.close();
